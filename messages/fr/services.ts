import type { Messages } from "../en/index.ts";

export const services: Messages["services"] = {
  metaTitle: "Services",
  metaDescription: (studio) =>
    `Ce que fait ${studio}\u00a0: impression 3D sur mesure et les autres services de l’atelier.`,
  title: "Nos services",
  intro: "Ce que l’atelier fait pour vous, du premier fichier à la pièce finie.",
  from: (amount) => `À partir de ${amount}`,
  empty: "L’atelier n’a pas encore décrit ses services.",
  factsTitle: "Ce que nos imprimantes acceptent",
  largestPart: (size) => `Des pièces jusqu’à ${size}`,
  materials: (names) => `En ${names}`,
  quoteCta: "Obtenir une soumission instantanée",
  ctaTitle: "Vous avez un projet en tête\u00a0?",
  ctaText: "Parlez-nous-en\u00a0: on vous répond avec des idées, un échéancier et un prix.",
  ctaButton: "Demander une soumission",
};
