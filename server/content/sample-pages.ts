import type { Bilingual, SectionKind, SitePage } from "../../domain/page-sections.ts";

/**
 * A new install's About and Services (issue 35): the sample studio's words, offered once and marked
 * as samples, so that the owner's first steps ask to replace them. Facts the site knows (the largest
 * part, the materials) are never written here: /services reads them from the printer and Admin →
 * Materials.
 */
type SampleSection = {
  page: SitePage;
  kind: SectionKind;
  title: Bilingual;
  subtitle: Bilingual;
  text: Bilingual;
  priceCents: number | null;
  picture: string | null;
};

const none: Bilingual = { en: "", fr: "" };
const story = (title: Bilingual, text: Bilingual): SampleSection => ({
  page: "about",
  kind: "story",
  title,
  subtitle: none,
  text,
  priceCents: null,
  picture: null,
});
const member = (name: string, role: Bilingual, bio: Bilingual, picture: string): SampleSection => ({
  page: "about",
  kind: "member",
  title: { en: name, fr: "" },
  subtitle: role,
  text: bio,
  priceCents: null,
  picture,
});
const offer = (title: Bilingual, text: Bilingual, priceCents: number | null): SampleSection => ({
  page: "services",
  kind: "offer",
  title,
  subtitle: none,
  text,
  priceCents,
  picture: null,
});

export const samplePageSections: SampleSection[] = [
  story(
    { en: "Our story", fr: "Notre histoire" },
    {
      en: "Forge & Filament started in 2019 on a kitchen table, with one printer and a cosplay helmet that had to be ready for a convention the following weekend. It was, barely, and friends started asking for their own.\n\nToday the studio has a dozen printers, two scanners and a paint booth. We still work the same way: we listen first, we prototype quickly and we finish every piece as if it were for us.",
      fr: "Forge & Filament est né en 2019 sur une table de cuisine, avec une seule imprimante et un casque de cosplay qui devait être prêt pour une convention la fin de semaine suivante. Il l’a été, de justesse, et les amis ont commencé à vouloir le leur.\n\nAujourd’hui, l’atelier compte une douzaine d’imprimantes, deux numériseurs et une cabine de peinture. On travaille encore de la même façon : on écoute d’abord, on prototype vite et on finit chaque pièce comme si c’était pour nous.",
    },
  ),
  story(
    { en: "What we care about", fr: "Ce qui nous tient à cœur" },
    {
      en: "### Craft\n\nEvery print is checked, cleaned and finished by hand before it leaves the studio.\n\n### Honesty\n\nClear quotes, realistic deadlines and advice even when it means a smaller order.\n\n### Sustainability\n\nRecycled filaments, reused supports and local suppliers whenever we can.\n\n### Curiosity\n\nNew materials and techniques are tested in-house so your project benefits from them.",
      fr: "### Le travail bien fait\n\nChaque impression est vérifiée, nettoyée et finie à la main avant de quitter l’atelier.\n\n### L’honnêteté\n\nDes soumissions claires, des délais réalistes et de vrais conseils, même si ça veut dire une plus petite commande.\n\n### L’écoresponsabilité\n\nFilaments recyclés, supports réutilisés et fournisseurs d’ici chaque fois que c’est possible.\n\n### La curiosité\n\nOn teste les nouveaux matériaux et les nouvelles techniques à l’interne pour que votre projet en profite.",
    },
  ),
  story(
    { en: "How a project unfolds", fr: "Le déroulement d’un projet" },
    {
      en: "### Consultation\n\nWe discuss your idea, your budget and your deadline, and look at any files, sketches or objects you have.\n\n### Design\n\nWe scan or model the piece and send you previews to approve before anything is printed.\n\n### Production\n\nWe print, assemble and finish the piece, then ship it or welcome you at the studio to pick it up.",
      fr: "### Consultation\n\nOn discute de votre idée, de votre budget et de votre échéancier, et on regarde vos fichiers, croquis ou objets.\n\n### Conception\n\nOn numérise ou on modélise la pièce, puis on vous envoie des aperçus à approuver avant toute impression.\n\n### Production\n\nOn imprime, on assemble et on peaufine la pièce, puis on vous l’expédie ou on vous accueille à l’atelier pour la récupérer.",
    },
  ),
  member(
    "Camille Tremblay",
    { en: "Founder and designer", fr: "Fondatrice et designer" },
    {
      en: "An industrial designer who fell for 3D printing while building her own cosplay. She models most of the studio’s projects.",
      fr: "Designer industrielle, elle a eu le coup de foudre pour l’impression 3D en fabriquant son propre cosplay. C’est elle qui modélise la plupart des projets de l’atelier.",
    },
    "/images/team/camille-tremblay.svg",
  ),
  member(
    "Samir Haddad",
    { en: "Printing and scanning lead", fr: "Responsable de l’impression et de la numérisation" },
    {
      en: "Samir keeps the printers humming and the scans clean. He knows every filament by the sound it makes.",
      fr: "Samir garde les imprimantes en forme et les numérisations impeccables. Il reconnaît chaque filament au son qu’il fait.",
    },
    "/images/team/samir-haddad.svg",
  ),
  offer(
    { en: "3D scanning", fr: "Numérisation 3D" },
    {
      en: "We capture real objects as precise 3D models, ready to reproduce, modify or archive.\n\n- Structured-light scanner for small and medium objects\n- Accuracy up to 0.1 mm\n- Clean, watertight files (STL, OBJ, 3MF) or STEP from your CAD software\n- Scanning of people and props for cosplay fittings",
      fr: "On transforme vos objets en modèles 3D précis, prêts à reproduire, à modifier ou à archiver.\n\n- Numériseur à lumière structurée pour petits et moyens objets\n- Précision jusqu’à 0,1 mm\n- Fichiers propres et étanches (STL, OBJ, 3MF) ou STEP de votre logiciel de CAO\n- Numérisation de personnes et d’accessoires pour les essayages de cosplay",
    },
    4900,
  ),
  offer(
    { en: "Custom 3D printing", fr: "Impression 3D sur mesure" },
    {
      en: "From a single prototype to a short run, printed, sanded and finished in the studio.\n\n- Resin printing for fine details\n- Sanding, priming and hand painting\n- Modelling from your sketches and photos",
      fr: "Du prototype unique à la petite série, imprimé, poncé et fini à l’atelier.\n\n- Impression résine pour les détails fins\n- Ponçage, apprêt et peinture à la main\n- Modélisation à partir de vos croquis et de vos photos",
    },
    2900,
  ),
  offer(
    { en: "Material options", fr: "Choix de matériaux" },
    {
      en: "The right material for the job: rigid, flexible, heat resistant or good enough to display.\n\n- PLA, PETG, ABS and ASA\n- Flexible TPU for straps and grips\n- Detail resins for miniatures and props\n- Recycled and bio-based filaments\n\nPrices depend on the material and the quantity: contact us for a quote.",
      fr: "Le bon matériau pour le bon usage : rigide, souple, résistant à la chaleur ou assez beau pour être exposé.\n\n- PLA, PETG, ABS et ASA\n- TPU souple pour les sangles et les poignées\n- Résines haute définition pour figurines et accessoires\n- Filaments recyclés et biosourcés\n\nLe prix dépend du matériau et de la quantité : écrivez-nous pour obtenir une soumission.",
    },
    null,
  ),
];
