import type { Messages } from "../en/index.ts";

export const common: Messages["common"] = {
  siteName: "Forge & Filament",
  skipToContent: "Aller au contenu",
  loading: "Chargement…",
  close: "Fermer",
  cancel: "Annuler",
  save: "Enregistrer",
  notFoundTitle: "Page introuvable",
  notFoundText: "La page que vous cherchez n’existe pas ou a été déplacée.",
  backHome: "Retour à l’accueil",
  errorTitle: "Un problème est survenu",
  errorText: "Une erreur inattendue s’est produite. Veuillez réessayer.",
  errorReference: "Si cela se reproduit, donnez cette référence à l’atelier\u00a0:",
  roles: { user: "Client", admin: "Administrateur" },
  requestErrors: {
    badCharacters:
      "La requête contient des caractères non autorisés (comme un caractère nul). Retirez-les et réessayez.",
    tooLarge: (kilobytes: number) =>
      `La requête est trop volumineuse (plus de ${kilobytes}\u00a0Ko). Raccourcissez le texte et réessayez.`,
    fileTooLarge: (megabytes: number) => `Le fichier est trop volumineux (plus de ${megabytes}\u00a0Mo).`,
    malformed: "La requête est mal formée. Rechargez la page et réessayez.",
  },
};
