import type { Messages } from "../en/index.ts";

export const about: Messages["about"] = {
  metaTitle: "À propos de l’atelier",
  metaDescription:
    "Découvrez Forge & Filament, petit atelier d’impression 3D au Canada\u00a0: notre histoire, nos valeurs, le déroulement d’un projet et l’équipe derrière chaque pièce.",
  title: "À propos de Forge & Filament",
  intro: "Un petit atelier où des créateurs, des designers et des imprimeurs donnent vie à vos idées.",
  storyTitle: "Notre histoire",
  story: [
    "Forge & Filament est né en 2019 sur une table de cuisine, avec une seule imprimante et un casque de cosplay qui devait être prêt pour une convention la fin de semaine suivante. Il l’a été, de justesse, et les amis ont commencé à vouloir le leur.",
    "Aujourd’hui, l’atelier compte une douzaine d’imprimantes, deux numériseurs et une cabine de peinture. On travaille encore de la même façon\u00a0: on écoute d’abord, on prototype vite et on finit chaque pièce comme si c’était pour nous.",
  ],
  valuesTitle: "Ce qui nous tient à cœur",
  values: [
    {
      title: "Le travail bien fait",
      text: "Chaque impression est vérifiée, nettoyée et finie à la main avant de quitter l’atelier.",
    },
    {
      title: "L’honnêteté",
      text: "Des soumissions claires, des délais réalistes et de vrais conseils, même si ça veut dire une plus petite commande.",
    },
    {
      title: "L’écoresponsabilité",
      text: "Filaments recyclés, supports réutilisés et fournisseurs d’ici chaque fois que c’est possible.",
    },
    {
      title: "La curiosité",
      text: "On teste les nouveaux matériaux et les nouvelles techniques à l’interne pour que votre projet en profite.",
    },
  ],
  processTitle: "Le déroulement d’un projet",
  process: [
    {
      title: "Consultation",
      text: "On discute de votre idée, de votre budget et de votre échéancier, et on regarde vos fichiers, croquis ou objets.",
    },
    {
      title: "Conception",
      text: "On numérise ou on modélise la pièce, puis on vous envoie des aperçus à approuver avant toute impression.",
    },
    {
      title: "Production",
      text: "On imprime, on assemble et on peaufine la pièce, puis on vous l’expédie ou on vous accueille à l’atelier pour la récupérer.",
    },
  ],
  teamTitle: "L’équipe",
  team: [
    {
      name: "Camille Tremblay",
      role: "Fondatrice et designer",
      bio: "Designer industrielle, elle a eu le coup de foudre pour l’impression 3D en fabriquant son propre cosplay. C’est elle qui modélise la plupart des projets de l’atelier.",
      imageAlt: "Portrait illustré de Camille Tremblay",
    },
    {
      name: "Samir Haddad",
      role: "Responsable de l’impression et de la numérisation",
      bio: "Samir garde les imprimantes en forme et les numérisations impeccables. Il reconnaît chaque filament au son qu’il fait.",
      imageAlt: "Portrait illustré de Samir Haddad",
    },
  ],
  ctaTitle: "Créons quelque chose ensemble",
  ctaText: "Parlez-nous de votre idée\u00a0: la première consultation est gratuite.",
  ctaButton: "Nous joindre",
};
