/** The words of one portfolio project; optional parts are shown only when present. */
export type ProjectText = {
  title: string;
  description: string;
  imageAlt: string;
  client?: string;
  duration?: string;
  materials?: string[];
  process?: string[];
  challenge?: string;
  solution?: string;
  /** One description per gallery picture, in the order of the project's gallery. */
  galleryAlts?: string[];
};

export type ProjectKey = "modernSculpture" | "cosplayPistol" | "elvenArmor" | "leafLamp" | "pylonCharger" | "mechStand";
export type ProjectCategoryKey = "decoration" | "cosplay" | "filmProps" | "functional";

export const portfolio = {
  metaTitle: "Inspirations: our 3D printing projects",
  metaDescription:
    "Cosplay armour, film props, sculptures, lamps and functional prints: six projects from the Forge & Filament studio, with how we made them.",
  title: "Inspirations",
  intro: "Six projects from the studio, from a film set to a living room. Open one to see the story behind it.",
  categories: {
    decoration: "Decoration",
    cosplay: "Cosplay",
    filmProps: "Film props",
    functional: "Functional",
  } satisfies Record<ProjectCategoryKey, string>,
  category: "Category",
  client: "Client",
  duration: "Duration",
  materials: "Materials",
  process: "Process",
  challenge: "The challenge",
  solution: "Our solution",
  gallery: "Gallery",
  close: "Close",
  viewDetails: (title: string) => `View project: ${title}`,
  projects: {
    modernSculpture: {
      title: "Modern sculpture",
      description:
        "A twisting, faceted sculpture for a hotel lobby, printed in six interlocking sections and finished in a brushed bronze effect.",
      imageAlt: "A tall twisted faceted sculpture with a bronze finish on a dark plinth",
      client: "Boutique hotel, Old Montréal",
      duration: "3 weeks",
      materials: ["PLA with bronze-filled coating", "Steel core rod", "Matte clear coat"],
      process: ["Parametric modelling of the twist", "Splitting into six hidden-joint sections", "Printing and bonding", "Bronze coating and patina"],
      challenge: "The piece stands 1.4 m tall, far above what any printer can make in one go, and had to look seamless.",
      solution: "We hid the joints along the facet edges and ran a steel rod through the core for stiffness.",
    },
    cosplayPistol: {
      title: "Cosplay pistol",
      description:
        "A sci-fi sidearm for a competition cosplayer: light enough to carry all day, detailed enough for close-up photos, with a glowing energy cell.",
      imageAlt: "A white and orange sci-fi pistol with a glowing blue energy cell",
      client: "Competition cosplayer, Québec City",
      duration: "10 days",
      materials: ["PETG body", "Resin detail parts", "LED strip and battery pack"],
      process: ["Modelling from reference art", "Test print and fitting in hand", "Final print, sanding and priming", "Painting and electronics"],
      challenge: "Convention rules require obviously fake props, and the LEDs had to last a full day on one battery.",
      solution: "A bright orange tip and a hidden, swappable battery bay in the grip, reached without tools.",
      galleryAlts: ["The pistol as printed, before sanding and paint", "Close-up of the glowing energy cell"],
    },
    elvenArmor: {
      title: "Elven armor",
      description:
        "A full set of leaf-patterned elven armour for an independent fantasy film, made in three sizes for the actor and two stunt doubles.",
      imageAlt: "A green and gold elven chest plate decorated with overlapping leaves",
      client: "Independent fantasy film production",
      duration: "6 weeks",
      materials: ["Flexible TPU straps", "PLA plates", "Gold leaf paint and weathering"],
      process: ["3D scan of the three performers", "Armour modelled to each scan", "Printing of 42 parts", "Painting, weathering and strapping"],
      challenge: "Stunt doubles had to fall and roll in the armour without breaking it, and it had to match the hero set exactly.",
      solution: "Stunt sets used flexible TPU plates printed from the same files and painted side by side with the hero set.",
      galleryAlts: ["The chest plate fresh off the printer, before painting", "Close-up of the gold leaf detailing"],
    },
    leafLamp: {
      title: "Leaf lamp",
      description: "A table lamp whose shade is made of overlapping maple leaves, printed in translucent filament that glows warm when lit.",
      imageAlt: "A round table lamp made of translucent maple leaves glowing warm orange",
      client: "Design shop, Plateau-Mont-Royal",
      duration: "2 weeks",
      materials: ["Translucent PETG", "Ash wood base", "Dimmable LED bulb"],
      process: ["Leaf pattern designed in the studio", "Printing in vase mode", "Assembly on a turned wood base"],
      challenge: "The shop wanted a lamp it could sell in a series, so each one had to print reliably in under a day.",
      solution: "Single-wall vase-mode printing: one continuous layer spiral, no supports, eleven hours per shade.",
      galleryAlts: ["The leaf lamp switched off, in daylight", "Close-up of the translucent leaves"],
    },
    pylonCharger: {
      title: "Pylon charger",
      description: "A phone charging stand shaped like a hydro pylon, made as a corporate gift for an engineering firm’s anniversary.",
      imageAlt: "A small grey lattice pylon holding a phone on a charging base",
      client: "Engineering firm",
      duration: "3 weeks for 150 units",
      materials: ["Grey PLA", "Qi wireless charging coil", "Cork pad"],
      process: ["Prototype and phone-fit tests", "Print farm scheduling", "Assembly and quality check of each unit"],
      challenge: "150 identical stands with a wireless charger inside, delivered before the anniversary party.",
      solution: "We split the lattice into two flat halves that print fast and snap around the charging coil.",
    },
    mechStand: {
      title: "Mech stand",
      description: "A walking-mech headphone stand, our own design, with poseable legs and a cable hook in the cockpit.",
      imageAlt: "A dark grey walking mech holding a pair of headphones on its back",
      duration: "1 week",
      materials: ["Matte black PLA", "Orange PETG accents", "Steel pins for the joints"],
      process: ["Concept sketches", "Printed joints tested for friction", "Assembly and paint details"],
      challenge: "Poseable joints that still hold the weight of heavy headphones.",
      solution: "Friction joints with steel pins, tuned by printing the same joint at ten tolerances.",
    },
  } satisfies Record<ProjectKey, ProjectText> as Record<ProjectKey, ProjectText>,
};
