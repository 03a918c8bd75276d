import type { Messages } from "../en/index.ts";
import { deName } from "../../domain/french.ts";

export const home: Messages["home"] = {
  metaDescription:
    "Forge & Filament, atelier d’impression et de numérisation 3D au Canada\u00a0: armures et accessoires de cosplay, pièces pour le cinéma et la télé, déco et pièces sur mesure.",
  heroEyebrow: "Atelier d’impression 3D",
  heroTitle: "De l’idée à l’objet, une couche à la fois",
  heroSubtitle: (city: string) =>
    `Dans notre atelier ${deName(city)}, on numérise, on modélise, on imprime et on peaufine armures de cosplay, accessoires de tournage, déco et pièces sur mesure.`,
  heroCta: "Démarrer mon projet",
  heroSecondary: "Voir nos réalisations",
  heroQuote: "Obtenir une soumission instantanée",
  heroImageAlt: "Une imprimante 3D de l’atelier en train d’imprimer une feuille, entourée de pièces terminées",
  servicesTitle: "Ce qu’on fait",
  servicesIntro: "Trois façons de sortir votre idée de votre tête pour la poser sur la table.",
  services: {
    scanning: { title: "Numérisation 3D", text: "Des copies numériques fidèles de vos objets, jusqu’à 0,1 mm près." },
    printing: { title: "Impression sur mesure", text: "Prototypes, accessoires et pièces, imprimés et finis à la main." },
    materials: { title: "Choix de matériaux", text: "Rigide, souple, résistant à la chaleur ou recyclé\u00a0: on vous aide à choisir." },
  },
  servicesLink: "Tous nos services",
  industriesTitle: "Avec qui on travaille",
  industries: {
    cosplay: { title: "Cosplay", text: "Armures, casques et accessoires bien ajustés, qui tiennent le coup toute une fin de semaine de convention." },
    film: { title: "Cinéma et télé", text: "Accessoires, éléments de décor et doublures livrés à temps pour le tournage." },
    decor: { title: "Décoration", text: "Lampes, sculptures et pièces uniques pour la maison, les boutiques et les événements." },
  },
  featuredTitle: "Projets vedettes",
  featuredIntro: "Quelques pièces dont on est fiers. Ouvrez-en une pour voir comment on l’a faite.",
  viewProject: "Voir le projet",
  allProjects: "Voir toutes nos inspirations",
  linksMetaDescription:
    "Tous les liens de Forge & Filament au même endroit\u00a0: nos services, la boutique, nos inspirations, comment nous joindre et nos réseaux sociaux.",
};
