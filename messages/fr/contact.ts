import type { Messages } from "../en/index.ts";

export const contact: Messages["contact"] = {
  metaTitle: "Nous joindre",
  metaDescription:
    "Un projet de numérisation, d’impression ou d’accessoire\u00a0? Appelez-nous, écrivez-nous ou remplissez le formulaire\u00a0: on vous répond en moins de 24 heures.",
  title: "Parlons de votre projet",
  intro: "Une pièce de cosplay, une pièce de rechange ou un cadeau unique\u00a0: racontez-nous votre idée, on vous dira comment on s’y prendrait.",
  replyPromise: "On répond à chaque message en moins de 24 heures.",
  reachUs: "Pour nous joindre",
  call: "Appelez-nous",
  email: "Écrivez-nous",
  location: "L’atelier",
  locationText: (city: string) => `${city}, Canada. Visites sur rendez-vous.`,
  hours: "Heures d’ouverture",
  hoursWeek: "Du lundi au vendredi, de 9 h à 18 h",
  hoursSaturday: "Le samedi, de 10 h à 16 h",
  hoursAppointment: "Consultations sur rendez-vous",
  follow: "Suivez nos projets",
  formTitle: "Envoyez-nous un message",
  formIntro: "Les champs marqués d’un astérisque sont obligatoires.",
  fields: {
    name: "Nom",
    email: "Courriel",
    phone: "Téléphone (facultatif)",
    projectType: "Type de projet",
    projectTypePlaceholder: "Choisissez un type de projet",
    message: "Message",
    messageHint: "Dimensions, quantités, échéance, fichiers que vous avez déjà\u00a0: chaque détail nous aide.",
    newsletter: "Je veux recevoir l’infolettre de l’atelier (un courriel par mois, au plus)",
    honeypot: "Laissez ce champ vide",
  },
  projectTypes: {
    cosplay: "Cosplay",
    decor: "Déco",
    film: "Cinéma et télé",
    custom: "Pièce ou objet sur mesure",
    other: "Autre chose",
  },
  required: "obligatoire",
  submit: "Envoyer le message",
  sending: "Envoi en cours…",
  successTitle: "Message envoyé\u00a0!",
  successText: "Merci\u00a0! On vous revient en moins de 24 heures.",
  failed: "Échec de l’envoi du formulaire",
  tooMany: "Vous avez envoyé plusieurs messages en peu de temps. Réessayez un peu plus tard ou appelez-nous.",
  reasonSeparator: "\u00a0: ",
  invalidForm: "Veuillez corriger les champs indiqués en rouge.",
  errors: {
    required: "Ce champ est obligatoire.",
    invalidEmail: "Veuillez entrer une adresse courriel valide.",
    invalidPhone: "Veuillez entrer un numéro de téléphone composé de chiffres seulement.",
    invalidProjectType: "Veuillez choisir un type de projet dans la liste.",
    tooLong: "Ce texte est trop long.",
  },
  faqTitle: "Questions fréquentes",
  faq: [
    {
      question: "Combien de temps prend un projet\u00a0?",
      answer:
        "La plupart des impressions sont prêtes en 3 à 5 jours ouvrables. Un projet qui demande une numérisation, de la modélisation ou une finition peinte prend habituellement de 2 à 4 semaines\u00a0; on vous donne une date avec la soumission.",
    },
    {
      question: "Quels formats de fichiers acceptez-vous\u00a0?",
      answer:
        "Les fichiers STL, OBJ, 3MF et STEP sont parfaits. Pas de fichier\u00a0? Un croquis, des photos ou l’objet lui-même suffisent\u00a0: on peut le numériser ou le modéliser pour vous.",
    },
    {
      question: "Livrez-vous\u00a0?",
      answer:
        "Oui, partout au Canada, avec suivi et un emballage soigné. Vous pouvez aussi passer chercher votre commande à l’atelier, sur rendez-vous.",
    },
  ],
};
