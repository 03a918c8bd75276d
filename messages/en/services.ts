export const services = {
  metaTitle: "Services: 3D scanning, custom printing and materials",
  metaDescription:
    "3D scanning accurate to 0.1 mm, custom 3D printing in PLA, PETG, resin and more, and advice on the right material. Prices start at 29 per print.",
  title: "Our services",
  intro:
    "Scan it, print it, choose the material that lasts: the studio takes care of every step, from the first measurement to the finished piece.",
  scanning: {
    title: "3D scanning",
    description: "We capture real objects as precise 3D models, ready to reproduce, modify or archive.",
    features: [
      "Structured-light scanner for small and medium objects",
      "Accuracy up to 0.1 mm",
      "Clean, watertight files (STL, OBJ, 3MF) or STEP from your CAD software",
      "Scanning of people and props for cosplay fittings",
    ],
    price: (amount: string) => `Starting at ${amount} per scan`,
  },
  printing: {
    title: "Custom 3D printing",
    description: "From a single prototype to a short run, printed, sanded and finished in the studio.",
    features: [
      "FDM printing up to 350 × 350 × 400 mm",
      "Resin printing for fine details",
      "Sanding, priming and hand painting",
      "Modelling from your sketches and photos",
    ],
    price: (amount: string) => `Starting at ${amount} per print`,
  },
  materials: {
    title: "Material options",
    description: "The right material for the job: rigid, flexible, heat resistant or good enough to display.",
    features: [
      "PLA, PETG, ABS and ASA",
      "Flexible TPU for straps and grips",
      "Detail resins for miniatures and props",
      "Recycled and bio-based filaments",
    ],
    note: "Prices depend on the material and the quantity: contact us for a quote.",
  },
  startingAt: "Starting at",
  accuracyTitle: "Precision you can measure",
  accuracyText: "Our scanners capture details down to 0.1 mm, so a reproduced part fits the first time.",
  accuracyValue: "0.1 mm",
  ctaTitle: "Have a project in mind?",
  ctaText: "Tell us about it: we reply within 24 hours with ideas, a timeline and a price.",
  ctaButton: "Get a quote",
  quoteCta: "Get an instant quote",
};
