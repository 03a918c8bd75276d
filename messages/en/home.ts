export const home = {
  metaDescription: (studio: string) =>
    `${studio}, a 3D printing studio in Canada: custom prints priced online from your file, a store of ready-made pieces, and the projects we have made.`,
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
  linksMetaDescription: (studio: string) =>
    `Every link of ${studio} in one place: our services, the store, our inspirations, how to reach us and our social networks.`,
};
