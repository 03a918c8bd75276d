import type { Messages } from "../en/index.ts";

export const portfolio: Messages["portfolio"] = {
  metaTitle: "Inspirations\u00a0: nos projets d’impression 3D",
  metaDescription: (studio: string) =>
    `Des projets d’impression 3D de l’atelier ${studio}, et comment chacun a été réalisé.`,
  title: "Inspirations",
  intro: (count: number) =>
    count === 0
      ? "Les projets de l’atelier paraîtront ici bientôt."
      : `${count === 1 ? "Un projet" : `${count}\u00a0projets`} de l’atelier. Ouvrez-en un pour découvrir l’histoire derrière la pièce.`,
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
