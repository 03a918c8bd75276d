export const home = {
  metaDescription:
    "Forge & Filament is a 3D printing and scanning studio in Canada: cosplay armour and props, film and TV pieces, décor and custom parts, in PLA, PETG, resin and more.",
  heroEyebrow: "3D printing studio",
  heroTitle: "From idea to object, one layer at a time",
  heroSubtitle: (city: string) =>
    `We scan, model, print and finish cosplay armour, film props, décor and custom parts in our ${city} studio.`,
  heroCta: "Start your project",
  heroSecondary: "See our work",
  heroQuote: "Get an instant quote",
  heroImageAlt: "A 3D printer in the studio printing a leaf-shaped piece, surrounded by finished prints",
  servicesTitle: "What we do",
  servicesIntro: "Three ways to get your idea out of your head and onto the table.",
  services: {
    scanning: { title: "3D scanning", text: "Precise digital copies of real objects, up to 0.1 mm." },
    printing: { title: "Custom printing", text: "Prototypes, props and parts, printed and finished by hand." },
    materials: { title: "Material options", text: "Rigid, flexible, heat resistant or recycled: we help you choose." },
  },
  servicesLink: "All our services",
  industriesTitle: "Who we work with",
  industries: {
    cosplay: { title: "Cosplay", text: "Armour, helmets and props that fit, survive a convention and look great on camera." },
    film: { title: "Film and TV", text: "Props, set pieces and multiples delivered on schedule for productions." },
    decor: { title: "Decoration", text: "Lamps, sculptures and one-off pieces for homes, shops and events." },
  },
  featuredTitle: "Featured projects",
  featuredIntro: "A few pieces we are proud of. Open one to see how we made it.",
  viewProject: "View project",
  allProjects: "See all our inspirations",
  linksMetaDescription:
    "Every link of Forge & Filament in one place: our services, the store, our inspirations, how to reach us and our social networks.",
};
