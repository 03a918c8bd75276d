import type { Messages } from "../en/index.ts";

export const home: Messages["home"] = {
  metaDescription:
    "Forge & Filament, atelier d’impression et de numérisation 3D au Canada\u00a0: armures et accessoires de cosplay, pièces pour le cinéma et la télé, déco et pièces sur mesure.",
  heroCta: "Démarrer mon projet",
  heroSecondary: "Voir nos réalisations",
  heroQuote: "Obtenir une soumission instantanée",
  servicesTitle: "Ce qu’on fait",
  servicesIntro: "Trois façons de sortir votre idée de votre tête pour la poser sur la table.",
  servicesLink: "Tous nos services",
  industriesTitle: "Avec qui on travaille",
  featuredTitle: "Projets vedettes",
  featuredIntro: "Quelques pièces dont on est fiers. Ouvrez-en une pour voir comment on l’a faite.",
  viewProject: "Voir le projet",
  allProjects: "Voir toutes nos inspirations",
  linksMetaDescription:
    "Tous les liens de Forge & Filament au même endroit\u00a0: nos services, la boutique, nos inspirations, comment nous joindre et nos réseaux sociaux.",
};
