export const admin = {
  title: "Admin area",
  sidebar: "Admin sections",
  inventory: "Inventory Management",
  categories: "Category Management",
  welcome: "Welcome to the studio's admin area.",
  overview: "Choose a section to manage the catalogue.",
};
