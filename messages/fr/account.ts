import type { Messages } from "../en/index.ts";
import { deName } from "../../domain/french.ts";

export const account: Messages["account"] = {
  forgotLink: "Mot de passe oublié\u00a0?",
  forgotTitle: "Réinitialiser votre mot de passe",
  forgotIntro:
    "Entrez l’adresse courriel de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  forgotButton: "Envoyer le lien",
  forgotSending: "Envoi…",
  forgotSent:
    "Si un compte existe pour cette adresse, nous lui avons envoyé un lien pour réinitialiser le mot de passe. Le lien est valide pendant une heure.",
  resetTitle: "Choisir un nouveau mot de passe",
  resetIntro: "Tapez votre nouveau mot de passe deux fois.",
  newPassword: "Nouveau mot de passe",
  confirmNewPassword: "Confirmer le nouveau mot de passe",
  resetButton: "Enregistrer le nouveau mot de passe",
  resetDone: "Votre mot de passe a été changé. Vous pouvez maintenant vous connecter avec celui-ci.",
  resetNoToken: "Cette page a besoin du lien du courriel que nous vous avons envoyé.",
  askAgain: "Demander un nouveau lien",
  // Ce qui suit l’inscription (issue 36)
  welcome: "Votre compte est prêt. Il reste une étape\u00a0: vérifier votre adresse courriel.",
  nextTitle: "La suite",
  nextWhy:
    "Ouvrez le lien que nous vous avons envoyé. Il prouve que cette adresse est la vôtre\u00a0: vos reçus et les nouvelles de vos commandes vous parviennent, et personne ne commande en votre nom.",
  nextUnlocks:
    "Une fois l’adresse vérifiée, vous pouvez commander avec votre compte, et les commandes passées sans compte avec cette adresse s’y ajoutent.",
  nextMeanwhile: "D’ici là, vous pouvez continuer vos achats\u00a0: votre panier vous attend.",
  continue: "Continuer",
  verifyTitle: "Vérifier votre adresse courriel",
  verifyDone: "Merci\u00a0: votre adresse courriel est vérifiée.",
  verifyFailed: "Ce lien de vérification a expiré ou n’est pas valide.",
  verifyPending: (email: string) =>
    `Nous avons envoyé un lien de vérification à ${email}. Ouvrez-le pour vérifier votre adresse.`,
  verifyAlready: "Votre adresse courriel est vérifiée.",
  verifyLogIn: "Connectez-vous pour demander un nouveau lien.",
  sendAgain: "Renvoyer le lien",
  sentAgain: "Un nouveau lien est en route. Consultez votre boîte de réception.",
  verified: "Vérifiée",
  notVerified: "Non vérifiée",
  toStore: "Continuer vers la boutique",
  security: {
    heading: "Mot de passe et courriel",
    changePassword: "Changer le mot de passe",
    currentPassword: "Mot de passe actuel",
    passwordChanged: "Votre mot de passe a été changé. Vos autres appareils ont été déconnectés.",
    changeEmail: "Changer l’adresse courriel",
    newEmail: "Nouvelle adresse courriel",
    emailChangeSent: (email: string) =>
      `Nous avons envoyé un lien à ${email}. Votre adresse changera quand vous l’ouvrirez.`,
    emailChanged: (email: string) =>
      `Votre adresse est maintenant ${email}. Nous lui avons envoyé un lien pour la vérifier.`,
    save: "Enregistrer",
  },
  addresses: {
    editShort: "Modifier",
    deleteShort: "Supprimer",
    heading: "Adresses enregistrées",
    intro: "Le paiement vous propose d’abord votre adresse par défaut.",
    none: "Aucune adresse enregistrée pour l’instant.",
    add: "Ajouter une adresse",
    edit: (name: string) => `Modifier l’adresse ${deName(name)}`,
    editHeading: "Modifier l’adresse",
    delete: (name: string) => `Supprimer l’adresse ${deName(name)}`,
    makeDefault: (name: string) => `Utiliser l’adresse ${deName(name)} par défaut`,
    default: "Par défaut",
    save: "Enregistrer l’adresse",
    cancel: "Annuler",
    added: "Adresse enregistrée.",
    updated: "Adresse modifiée.",
    deleted: "Adresse supprimée.",
    defaultChanged: "Adresse par défaut changée.",
    tooMany: "Vous pouvez garder au plus 10 adresses. Supprimez-en une d’abord.",
    notFound: "Cette adresse n’existe plus.",
    fixErrors: "Veuillez corriger les champs signalés.",
    setAsDefault: "En faire mon adresse par défaut",
  },
  address: {
    fullName: "Nom complet",
    line1: "Adresse",
    line2: "Appartement, bureau, unité (facultatif)",
    city: "Ville",
    province: "Province ou territoire",
    chooseProvince: "Choisir…",
    postalCode: "Code postal",
    postalCodeHint: "Comme A1A 1A1",
    phone: "Téléphone (facultatif)",
    country: "Pays",
    canada: "Canada",
  },
  mail: {
    resetSubject: "Réinitialisez votre mot de passe",
    resetText: (name: string, url: string) =>
      `Bonjour ${name},\n\nQuelqu’un a demandé à réinitialiser le mot de passe de votre compte. Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure\u00a0:\n\n${url}\n\nSi ce n’était pas vous, ignorez ce courriel\u00a0: votre mot de passe reste le même.`,
    verifySubject: "Vérifiez votre adresse courriel",
    verifyText: (name: string, url: string) =>
      `Bonjour ${name},\n\nVeuillez confirmer que cette adresse est la vôtre en ouvrant ce lien d’ici 24 heures\u00a0:\n\n${url}\n\nSi vous n’avez pas créé de compte ni changé d’adresse, ignorez ce courriel.`,
    existingSubject: "Vous avez déjà un compte",
    existingText: (name: string, logInUrl: string, resetUrl: string) =>
      `Bonjour ${name},\n\nQuelqu’un a tenté de créer un compte avec cette adresse courriel, qui en a déjà un\u00a0: le vôtre.\n\nSi c’était vous, connectez-vous ici\u00a0:\n${logInUrl}\n\nMot de passe oublié\u00a0? Choisissez-en un nouveau ici\u00a0:\n${resetUrl}\n\nSi ce n’était pas vous, ignorez ce courriel\u00a0: rien n’a changé.`,
  },
};
