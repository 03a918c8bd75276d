import { deName } from "../../domain/french.ts";
import type { Messages } from "../en/index.ts";

export const home: Messages["home"] = {
  metaDescription: (studio: string) =>
    `${studio}, atelier d’impression 3D au Canada\u00a0: des pièces sur mesure chiffrées en ligne à partir de votre fichier, une boutique de pièces prêtes et les projets que nous avons réalisés.`,
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
  linksMetaDescription: (studio: string) =>
    `Tous les liens ${deName(studio)} au même endroit\u00a0: nos services, la boutique, nos inspirations, comment nous joindre et nos réseaux sociaux.`,
};
