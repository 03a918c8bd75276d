import type { Messages } from "../en/index.ts";

export const about: Messages["about"] = {
  metaTitle: "À propos de l’atelier",
  metaDescription: (studio) =>
    `Découvrez ${studio}, un atelier d’impression 3D au Canada\u00a0: son histoire et son équipe.`,
  title: (studio) => `À propos de ${studio}`,
  teamTitle: "L’équipe",
  memberPhoto: (name) => `Photo de ${name}`,
  empty: "L’atelier n’a pas encore écrit cette page.",
  ctaTitle: "Créons quelque chose ensemble",
  ctaText: "Parlez-nous de votre idée.",
  ctaButton: "Nous joindre",
};
