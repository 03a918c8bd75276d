import type { Messages } from "../en/index.ts";

export const portfolio: Messages["portfolio"] = {
  metaTitle: "Inspirations\u00a0: nos projets d’impression 3D",
  metaDescription:
    "Armures de cosplay, accessoires de tournage, sculptures, lampes et pièces utiles\u00a0: six projets de l’atelier Forge & Filament, et comment on les a réalisés.",
  title: "Inspirations",
  intro:
    "Six projets de l’atelier, d’un plateau de tournage à un salon. Ouvrez-en un pour découvrir l’histoire derrière la pièce.",
  categories: {
    decoration: "Décoration",
    cosplay: "Cosplay",
    filmProps: "Accessoires de tournage",
    functional: "Pièces utiles",
  },
  category: "Catégorie",
  client: "Client",
  duration: "Durée",
  materials: "Matériaux",
  process: "Étapes",
  challenge: "Le défi",
  solution: "Notre solution",
  gallery: "Galerie",
  close: "Fermer",
  viewDetails: (title: string) => `Voir le projet\u00a0: ${title}`,
};
