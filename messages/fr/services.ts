import type { Messages } from "../en/index.ts";

export const services: Messages["services"] = {
  metaTitle: "Services\u00a0: numérisation 3D, impression sur mesure et matériaux",
  metaDescription:
    "Numérisation 3D précise à 0,1 mm, impression 3D sur mesure en PLA, PETG, résine et plus, et conseils pour choisir le bon matériau. À partir de 29 $ l’impression.",
  title: "Nos services",
  intro:
    "On numérise, on imprime et on vous aide à choisir un matériau qui dure\u00a0: l’atelier s’occupe de tout, de la première mesure à la pièce finie.",
  scanning: {
    title: "Numérisation 3D",
    description: "On transforme vos objets en modèles 3D précis, prêts à reproduire, à modifier ou à archiver.",
    features: [
      "Numériseur à lumière structurée pour petits et moyens objets",
      "Précision jusqu’à 0,1 mm",
      "Fichiers propres et étanches (STL, OBJ, 3MF) ou STEP de votre logiciel de CAO",
      "Numérisation de personnes et d’accessoires pour les essayages de cosplay",
    ],
    price: (amount: string) => `À partir de ${amount} la numérisation`,
  },
  printing: {
    title: "Impression 3D sur mesure",
    description: "Du prototype unique à la petite série, imprimé, poncé et fini à l’atelier.",
    features: [
      "Impression FDM jusqu’à 350 × 350 × 400 mm",
      "Impression résine pour les détails fins",
      "Ponçage, apprêt et peinture à la main",
      "Modélisation à partir de vos croquis et de vos photos",
    ],
    price: (amount: string) => `À partir de ${amount} l’impression`,
  },
  materials: {
    title: "Choix de matériaux",
    description:
      "Le bon matériau pour le bon usage\u00a0: rigide, souple, résistant à la chaleur ou assez beau pour être exposé.",
    features: [
      "PLA, PETG, ABS et ASA",
      "TPU souple pour les sangles et les poignées",
      "Résines haute définition pour figurines et accessoires",
      "Filaments recyclés et biosourcés",
    ],
    note: "Le prix dépend du matériau et de la quantité\u00a0: écrivez-nous pour obtenir une soumission.",
  },
  startingAt: "À partir de",
  accuracyTitle: "Une précision qui se mesure",
  accuracyText:
    "Nos numériseurs captent les détails jusqu’à 0,1 mm\u00a0: une pièce reproduite s’ajuste du premier coup.",
  accuracyValue: "0,1 mm",
  ctaTitle: "Vous avez un projet en tête\u00a0?",
  ctaText: "Parlez-nous-en\u00a0: on vous répond en moins de 24 heures avec des idées, un échéancier et un prix.",
  ctaButton: "Demander une soumission",
  quoteCta: "Obtenir une soumission instantanée",
};
