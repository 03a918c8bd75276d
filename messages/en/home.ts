export const home = {
  metaDescription:
    "Forge & Filament is a 3D printing and scanning studio in Canada: cosplay armour and props, film and TV pieces, décor and custom parts, in PLA, PETG, resin and more.",
  heroCta: "Start your project",
  heroSecondary: "See our work",
  heroQuote: "Get an instant quote",
  servicesTitle: "What we do",
  servicesIntro: "Three ways to get your idea out of your head and onto the table.",
  servicesLink: "All our services",
  industriesTitle: "Who we work with",
  featuredTitle: "Featured projects",
  featuredIntro: "A few pieces we are proud of. Open one to see how we made it.",
  viewProject: "View project",
  allProjects: "See all our inspirations",
  linksMetaDescription:
    "Every link of Forge & Filament in one place: our services, the store, our inspirations, how to reach us and our social networks.",
};
