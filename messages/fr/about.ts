import { deName } from "../../domain/french.ts";
import type { Messages } from "../en/index.ts";

export const about: Messages["about"] = {
  metaTitle: "À propos de l’atelier",
  metaDescription: (studio) =>
    `Découvrez ${studio}, un atelier d’impression 3D au Canada\u00a0: son histoire et son équipe.`,
  title: (studio) => `À propos ${deName(studio)}`,
  teamTitle: "L’équipe",
  memberPhoto: (name) => `Photo ${deName(name)}`,
  empty: "L’atelier n’a pas encore écrit cette page.",
  ctaTitle: "Créons quelque chose ensemble",
  ctaText: "Parlez-nous de votre idée.",
  ctaButton: "Nous joindre",
};
