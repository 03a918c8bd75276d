import { deName } from "../../domain/french.ts";
import type { Messages } from "../en/index.ts";

export const emails: Messages["emails"] = {
  common: {
    greeting: (name: string) => `Bonjour ${name},`,
    greetingNoName: "Bonjour,",
    signature: (studio: string) => `L’équipe ${studio}`,
    footerAbout: (studio: string) =>
      `Vous recevez ce courriel ${deName(studio)} au sujet de votre compte ou de vos commandes.`,
    phone: (phone: string) => `Téléphone\u00a0: ${phone}`,
    buttonFallback: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:",
  },
  verify: {
    subject: "Vérifiez votre adresse courriel",
    intro: "Veuillez confirmer que cette adresse est la vôtre en ouvrant ce lien d’ici 24 heures\u00a0:",
    action: "Vérifier mon adresse",
    ignore: "Si vous n’avez pas créé de compte ni changé d’adresse, ignorez ce courriel.",
  },
  reset: {
    subject: "Réinitialisez votre mot de passe",
    intro:
      "Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure\u00a0:",
    action: "Choisir un nouveau mot de passe",
    ignore: "Si ce n’était pas vous, ignorez ce courriel\u00a0: votre mot de passe reste le même.",
  },
  existingAccount: {
    subject: "Vous avez déjà un compte",
    intro: "Quelqu’un a tenté de créer un compte avec cette adresse courriel, qui en a déjà un\u00a0: le vôtre.",
    logIn: "Si c’était vous, connectez-vous ici\u00a0:",
    logInAction: "Me connecter",
    reset: "Mot de passe oublié\u00a0? Choisissez-en un nouveau ici\u00a0:",
    resetAction: "Choisir un nouveau mot de passe",
    ignore: "Si ce n’était pas vous, ignorez ce courriel\u00a0: rien n’a changé.",
  },
  order: {
    number: (id: string) => `Commande\u00a0: ${id}`,
    paidOn: (date: string) => `Payée le\u00a0: ${date}`,
    line: (countedName: string, unit: string) => `${countedName} (${unit})`,
    subtotal: "Sous-total",
    discount: (code: string) => (code ? `Réduction (${code})` : "Réduction"),
    shipping: "Livraison",
    total: "Total payé",
    deliverTo: "Livraison à\u00a0:",
    pickupAt: "Retrait à l’atelier\u00a0:",
    hours: (hours: string) => `Heures\u00a0: ${hours}`,
    follow: "Suivre votre commande",
  },
  receipt: {
    subject: (id: string, studio: string) => `${studio}\u00a0: reçu de la commande ${id}`,
    preview: (id: string, total: string) => `Commande ${id}\u00a0: ${total} payé`,
    heading: "Merci pour votre commande",
    intro: "Votre paiement a bien été reçu\u00a0; voici votre reçu.",
  },
  shipped: {
    subject: (id: string, studio: string) => `${studio}\u00a0: la commande ${id} est expédiée`,
    intro: (id: string, carrier: string) => `Votre commande ${id} a été expédiée par ${carrier}.`,
    tracking: "Numéro de suivi\u00a0:",
    track: "Suivre le colis",
  },
  ready: {
    subject: (id: string, studio: string) => `${studio}\u00a0: la commande ${id} est prête pour le retrait`,
    intro: (id: string) => `Votre commande ${id} est prête. Retirez-la à l’adresse suivante\u00a0:`,
  },
  pickedUp: {
    subject: (id: string, studio: string) => `${studio}\u00a0: commande ${id} retirée, merci`,
    intro: (id: string) => `Vous avez retiré votre commande ${id}. Merci de votre achat\u00a0!`,
  },
  refund: {
    subject: (id: string, studio: string) => `${studio}\u00a0: la commande ${id} a été remboursée`,
    partSubject: (id: string, studio: string) => `${studio}\u00a0: un remboursement sur la commande ${id}`,
    intro: (id: string, amount: string) =>
      `Votre commande ${id} a été annulée et ${amount} a été remboursé sur votre carte. Le remboursement peut prendre quelques jours à paraître sur votre relevé.`,
    partIntro: (id: string, amount: string) =>
      `Nous avons remboursé ${amount} sur votre commande ${id}, sur votre carte. Le remboursement peut prendre quelques jours à apparaître sur votre relevé.`,
    details: "Remboursé",
    total: "Total remboursé",
    seeOrder: "Voir votre commande",
  },
  quotePriced: {
    subject: "Votre impression sur mesure a été chiffrée",
    intro: (name: string, price: string) => `L’atelier a chiffré votre pièce «\u00a0${name}\u00a0»\u00a0: ${price}.`,
    action: "La consulter et la commander",
    noCharge: "Rien n’est facturé avant que vous acceptiez ce prix.",
  },
  quoteDeclined: {
    subject: "À propos de votre impression sur mesure",
    intro: (name: string) => `L’atelier ne peut pas imprimer votre pièce «\u00a0${name}\u00a0»\u00a0:`,
    action: "Voir votre soumission",
    questions: "Répondez à ce courriel pour toute question.",
  },
  contactMessage: {
    subject: (name: string, projectType: string) => `Nouveau message ${deName(name)} (${projectType})`,
    name: (value: string) => `Nom\u00a0: ${value}`,
    email: (value: string) => `Courriel\u00a0: ${value}`,
    phone: (value: string) => `Téléphone\u00a0: ${value}`,
    projectType: (value: string) => `Type de projet\u00a0: ${value}`,
    newsletter: (value: string) => `Infolettre\u00a0: ${value}`,
    language: (value: string) => `Langue\u00a0: ${value}`,
    yes: "oui",
    no: "non",
    languages: { en: "anglais", fr: "français" },
    replyHint: "Répondez à ce courriel pour répondre directement à la personne.",
  },
  paymentFailed: {
    subject: (id: string, studio: string) => `${studio}\u00a0: le paiement de la commande ${id} n’a pas abouti`,
    intro: (id: string, total: string) => `Le paiement de ${total} pour votre commande ${id} n’a pas abouti\u00a0:`,
    noCharge:
      "Rien n’a été facturé. Votre commande vous est réservée tant que dure sa réservation\u202f; vous pouvez la payer avec cette carte ou une autre\u00a0:",
    action: "Payer ma commande",
  },
  emailChange: {
    subject: "Confirmez votre nouvelle adresse courriel",
    intro:
      "Vous avez demandé d’utiliser cette adresse pour votre compte. Pour la confirmer, ouvrez ce lien d’ici 24\u00a0heures\u00a0:",
    action: "Confirmer ma nouvelle adresse",
    ignore: "Si vous n’avez rien demandé, ignorez ce courriel\u00a0: rien ne change tant que le lien n’est pas ouvert.",
  },
  quoteReview: {
    subject: "L’atelier va chiffrer votre impression sur mesure",
    intro: (name: string) =>
      `Nous avons reçu votre demande\u00a0: une personne de l’atelier va examiner votre pièce «\u00a0${name}\u00a0» et vous écrira à cette adresse avec un prix, ou avec ce qui empêche de l’imprimer.`,
    note: "Votre note\u00a0:",
    action: "Voir votre soumission",
    noCharge: "Rien n’est facturé avant que vous acceptiez un prix.",
  },
  contactReceived: {
    subject: (studio: string) => `${studio} a bien reçu votre message`,
    intro: "Merci de nous avoir écrit. Nous avons bien reçu votre message et vous répondrons bientôt à cette adresse.",
    copy: "Votre message\u00a0:",
    notYou: "Si vous ne nous avez pas écrit, ignorez ce courriel.",
  },
  guestOrder: {
    subject: (id: string, studio: string) => `Votre commande ${id} chez ${studio}`,
    intro: (id: string) =>
      `Merci pour votre commande ${id}. Ce lien ouvre votre commande, et sa facture une fois payée\u00a0:`,
    action: "Ouvrir ma commande",
    keep: "Gardez ce courriel\u00a0: quiconque a le lien peut voir la commande.",
  },
  conversation: {
    subject: (id: string, studio: string) => `${studio} vous a écrit au sujet de la commande ${id}`,
    intro: (id: string) => `Nous vous avons écrit au sujet de votre commande ${id}\u00a0:`,
    answer: "Vous pouvez répondre sur la page de la commande\u00a0:",
    open: "Ouvrir la conversation",
  },
  notice: {
    open: "L’ouvrir dans l’administration",
    footerAbout: (studio: string) =>
      `Un avis du site ${deName(studio)}. Choisissez les avis que vous recevez dans Administration → Paramètres.`,
  },
};
