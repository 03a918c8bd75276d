export const about = {
  metaTitle: "About the studio",
  metaDescription:
    "Meet Forge & Filament, a small 3D printing studio in Canada: our story, our values, how a project unfolds and the people who make it.",
  title: "About Forge & Filament",
  intro: "A small studio where makers, designers and printers turn ideas into objects.",
  storyTitle: "Our story",
  story: [
    "Forge & Filament started in 2019 on a kitchen table, with one printer and a cosplay helmet that had to be ready for a convention the following weekend. It was, barely, and friends started asking for their own.",
    "Today the studio has a dozen printers, two scanners and a paint booth. We still work the same way: we listen first, we prototype quickly and we finish every piece as if it were for us.",
  ],
  valuesTitle: "What we care about",
  values: [
    { title: "Craft", text: "Every print is checked, cleaned and finished by hand before it leaves the studio." },
    { title: "Honesty", text: "Clear quotes, realistic deadlines and advice even when it means a smaller order." },
    { title: "Sustainability", text: "Recycled filaments, reused supports and local suppliers whenever we can." },
    {
      title: "Curiosity",
      text: "New materials and techniques are tested in-house so your project benefits from them.",
    },
  ],
  processTitle: "How a project unfolds",
  process: [
    {
      title: "Consultation",
      text: "We discuss your idea, your budget and your deadline, and look at any files, sketches or objects you have.",
    },
    {
      title: "Design",
      text: "We scan or model the piece and send you previews to approve before anything is printed.",
    },
    {
      title: "Production",
      text: "We print, assemble and finish the piece, then ship it or welcome you at the studio to pick it up.",
    },
  ],
  teamTitle: "The team",
  team: [
    {
      name: "Camille Tremblay",
      role: "Founder and designer",
      bio: "An industrial designer who fell for 3D printing while building her own cosplay. She models most of the studio’s projects.",
      imageAlt: "Illustrated portrait of Camille Tremblay",
    },
    {
      name: "Samir Haddad",
      role: "Printing and scanning lead",
      bio: "Samir keeps the printers humming and the scans clean. He knows every filament by the sound it makes.",
      imageAlt: "Illustrated portrait of Samir Haddad",
    },
  ],
  ctaTitle: "Let’s make something together",
  ctaText: "Tell us about your idea: the first consultation is free.",
  ctaButton: "Contact us",
};
