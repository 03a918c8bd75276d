export const about = {
  metaTitle: "About the studio",
  metaDescription: (studio: string) => `Meet ${studio}, a 3D printing studio in Canada: its story and its people.`,
  title: (studio: string) => `About ${studio}`,
  teamTitle: "The team",
  memberPhoto: (name: string) => `Photo of ${name}`,
  empty: "The studio has not written this page yet.",
  ctaTitle: "Let’s make something together",
  ctaText: "Tell us about your idea.",
  ctaButton: "Contact us",
};
