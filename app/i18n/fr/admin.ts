import type { Messages } from "../en/index.ts";

export const admin: Messages["admin"] = {
  title: "Espace administration",
  sidebar: "Sections de l’administration",
  inventory: "Gestion de l’inventaire",
  categories: "Gestion des catégories",
  welcome: "Bienvenue dans l’espace administration du studio.",
  overview: "Choisissez une section pour gérer le catalogue.",
};
