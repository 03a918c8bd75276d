import type { TranslatedText } from "../../app/lib/translations.ts";
import type { categories, inventoryItems } from "../db/schema.ts";

/**
 * The sample catalogue loaded into an empty database at start (see seed.ts).
 * Pictures live in public/images/catalogue and are drawn by scripts/draw-catalogue.ts.
 */

/** Both languages are always present in the sample data (the schema allows French to be missing). */
type BothLanguages = { en: TranslatedText; fr: TranslatedText };

export type SampleCategory = typeof categories.$inferInsert & { translations: BothLanguages };
export type SampleItem = typeof inventoryItems.$inferInsert & {
  translations: BothLanguages;
  images: { main: string; gallery: string[] };
};

export const SAMPLE_IMAGE_DIR = "/images/catalogue";

/**
 * French typography: a no-break space (U+00A0) before : ; ! ? and inside « », and between a number
 * and its unit. The copy below is written with ordinary spaces, or none, and this applies the rules
 * uniformly.
 */
export function frenchTypography(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]*([:;!?»])/g, "\u00a0$1")
    .replace(/«[ \u00a0\u202f]*/g, "«\u00a0")
    .replace(/(\d) (mm|cm|kg|g|°C|\$)(?![\p{L}\d])/gu, "$1\u00a0$2");
}

function both(en: TranslatedText, fr: TranslatedText): BothLanguages {
  return { en, fr: { name: frenchTypography(fr.name), description: frenchTypography(fr.description) } };
}

function image(file: string): string {
  return `${SAMPLE_IMAGE_DIR}/${file}.svg`;
}

function images(main: string, ...gallery: string[]): SampleItem["images"] {
  return { main: image(main), gallery: gallery.map(image) };
}

export const sampleCategories: SampleCategory[] = [
  {
    id: "cat-figurines",
    slug: "figurines-miniatures",
    translations: both(
      {
        name: "Figurines & Miniatures",
        description:
          "Display pieces and tabletop minis, printed in fine layers and ready to paint, or already painted by hand.",
      },
      {
        name: "Figurines et miniatures",
        description:
          "Pièces de collection et figurines de jeu imprimées en couches fines, prêtes à peindre ou déjà peintes à la main.",
      },
    ),
  },
  {
    id: "cat-cosplay",
    slug: "cosplay-props-armour",
    translations: both(
      {
        name: "Cosplay Props & Armour",
        description:
          "Wearable armour, props and masks, sanded, primed and built to survive a full convention weekend.",
      },
      {
        name: "Accessoires et armures de cosplay",
        description:
          "Armures, accessoires et masques à porter, poncés, apprêtés et assez solides pour tenir toute une fin de semaine de convention.",
      },
    ),
  },
  {
    id: "cat-home-decor",
    slug: "home-decor",
    translations: both(
      {
        name: "Home Décor",
        description: "Vases, planters, lamps and small objects that bring a little printed craft into the house.",
      },
      {
        name: "Déco maison",
        description:
          "Vases, pots, lampes et petits objets pour glisser un brin d’artisanat imprimé dans la maison.",
      },
    ),
  },
  {
    id: "cat-desk-tech",
    slug: "desk-tech-accessories",
    translations: both(
      {
        name: "Desk & Tech Accessories",
        description: "Stands, organizers and clips that tidy the desk and give your gear a proper home.",
      },
      {
        name: "Bureau et techno",
        description:
          "Supports, range-tout et attaches pour désencombrer le bureau et donner une vraie place à vos bébelles techno.",
      },
    ),
  },
  {
    id: "cat-materials",
    slug: "printing-materials",
    translations: both(
      {
        name: "Printing Materials",
        description:
          "The same filament we print with every day: 1.75 mm spools, tested in our own machines before they reach the shelf.",
      },
      {
        name: "Matériaux d’impression",
        description:
          "Le même filament qu’on utilise tous les jours à l’atelier : des bobines de 1,75 mm testées dans nos propres imprimantes avant d’arriver sur la tablette.",
      },
    ),
  },
];

export const sampleItems: SampleItem[] = [
  // Figurines & miniatures
  {
    id: "item-dragon-bust",
    slug: "ember-dragon-bust",
    categoryId: "cat-figurines",
    priceCents: 8900,
    weightGrams: 650,
    stock: 12,
    isVisible: true,
    images: images("dragon-bust", "dragon-bust-unpainted", "dragon-bust-closeup"),
    translations: both(
      {
        name: "Ember Dragon Bust",
        description:
          "A snarling dragon bust, 22 cm tall, printed at 0.12 mm layers and hand-painted in ember reds with gilded horns. It sits on a weighted plinth, so it stays put on a shelf or desk.",
      },
      {
        name: "Buste de dragon Braise",
        description:
          "Un dragon au regard féroce, 22 cm de haut, imprimé en couches de 0,12 mm puis peint à la main dans des rouges braise, cornes dorées en prime. Son socle lesté le garde bien planté sur une tablette ou un bureau.",
      },
    ),
  },
  {
    id: "item-knight-miniatures",
    slug: "northern-knights-miniature-set",
    categoryId: "cat-figurines",
    priceCents: 3499,
    weightGrams: 180,
    stock: 24,
    isVisible: true,
    images: images("knight-miniatures"),
    translations: both(
      {
        name: "Northern Knights Miniature Set",
        description:
          "Five 32 mm heroic-scale knights with kite shields, swords and great helms, printed in grey and ready for primer. Each stands on a textured round base sized for most tabletop games.",
      },
      {
        name: "Escouade des chevaliers du Nord",
        description:
          "Cinq chevaliers à l’échelle héroïque de 32 mm, avec écus, épées et heaumes, imprimés en gris et prêts pour l’apprêt. Chacun repose sur un socle rond texturé, compatible avec la plupart des jeux de plateau.",
      },
    ),
  },
  {
    id: "item-low-poly-moose",
    slug: "low-poly-moose",
    categoryId: "cat-figurines",
    priceCents: 2499,
    weightGrams: 320,
    stock: 3,
    isVisible: true,
    images: images("low-poly-moose"),
    translations: both(
      {
        name: "Low-Poly Moose",
        description:
          "Our faceted take on the king of the boreal forest, 15 cm tall in walnut-brown matte PLA. A quiet nod to the Canadian wilderness for a bookshelf or mantel.",
      },
      {
        name: "Orignal à facettes",
        description:
          "Notre version tout en facettes du roi de la forêt boréale : 15 cm de haut, en PLA mat brun noyer. Un clin d’œil à nos grands espaces, sur une bibliothèque ou un manteau de foyer.",
      },
    ),
  },
  {
    id: "item-articulated-dragon",
    slug: "articulated-crystal-dragon",
    categoryId: "cat-figurines",
    priceCents: 2999,
    weightGrams: 240,
    stock: 38,
    isVisible: true,
    images: images("articulated-dragon"),
    translations: both(
      {
        name: "Articulated Crystal Dragon",
        description:
          "Printed in one piece with every joint already moving, this 40 cm dragon wiggles, curls and coils in your hands. Silk filament shifting from purple to teal catches the light like crystal. Kids love it, and so do grown-ups.",
      },
      {
        name: "Dragon articulé Cristal",
        description:
          "Imprimé d’une seule pièce, articulations comprises, ce dragon de 40 cm se tortille et s’enroule au creux de la main. Son filament soyeux, qui passe du violet au turquoise, accroche la lumière comme du cristal. Les petits l’adorent, les grands aussi!",
      },
    ),
  },

  // Cosplay props & armour
  {
    id: "item-elven-pauldron",
    slug: "elven-leaf-pauldron",
    categoryId: "cat-cosplay",
    priceCents: 14900,
    weightGrams: 520,
    stock: 4,
    isVisible: true,
    images: images("elven-pauldron", "elven-pauldron-silver"),
    translations: both(
      {
        name: "Elven Leaf Pauldron",
        description:
          "A shoulder guard of overlapping leaves on flexible hinges, finished in forest green with brushed-gold veins. Adjustable straps fit over most costumes; left or right shoulder on request, and a moonlit-silver finish is also available.",
      },
      {
        name: "Épaulière elfique Feuillage",
        description:
          "Une épaulière de feuilles superposées montées sur charnières souples, finie vert forêt avec nervures d’or brossé. Ses sangles ajustables s’enfilent par-dessus la plupart des costumes; épaule gauche ou droite sur demande, aussi offerte en fini argent clair de lune.",
      },
    ),
  },
  {
    id: "item-ranger-blaster",
    slug: "stellar-ranger-blaster",
    categoryId: "cat-cosplay",
    priceCents: 12900,
    weightGrams: 1100,
    stock: 6,
    isVisible: true,
    images: images("ranger-blaster", "ranger-blaster-raw", "ranger-blaster-detail"),
    translations: both(
      {
        name: "Stellar Ranger Blaster",
        description:
          "A chunky sci-fi sidearm with a light-up energy cell (LEDs and battery included), sanded smooth and painted starship white with safety-orange trim. Solid, light and convention-safe, with the orange tip most events require.",
      },
      {
        name: "Pistolet du Patrouilleur stellaire",
        description:
          "Un pistolet de science-fiction bien costaud, avec cellule d’énergie lumineuse (DEL et pile incluses), poncé au fini lisse et peint blanc vaisseau avec touches orange sécurité. Robuste, léger et accepté dans les conventions grâce au bout orange qu’exigent la plupart des événements.",
      },
    ),
  },
  {
    id: "item-raider-helm",
    slug: "raider-helm",
    categoryId: "cat-cosplay",
    priceCents: 18900,
    weightGrams: 1600,
    stock: 2,
    isVisible: true,
    images: images("raider-helm"),
    translations: both(
      {
        name: "Raider Helm",
        description:
          "A Norse-inspired helm with a riveted brow band, nose guard and curling horns, finished in aged iron and bronze. Foam-lined and sized for most adult heads (56 to 60 cm).",
      },
      {
        name: "Casque de pillard",
        description:
          "Un casque d’inspiration nordique avec bandeau riveté, nasal et cornes recourbées, patiné façon fer vieilli et bronze. Doublé de mousse et taillé pour la plupart des têtes adultes (56 à 60 cm).",
      },
    ),
  },
  {
    id: "item-arcane-staff-topper",
    slug: "arcane-staff-topper",
    categoryId: "cat-cosplay",
    priceCents: 5900,
    weightGrams: 450,
    stock: 9,
    isVisible: true,
    images: images("arcane-staff-topper"),
    translations: both(
      {
        name: "Arcane Staff Topper",
        description:
          "Bronze talons grip a translucent crystal that glows when lit from inside. It slides onto a standard 25 mm dowel, so any broom handle can become a wizard’s staff.",
      },
      {
        name: "Pommeau de bâton arcanique",
        description:
          "Des serres de bronze enserrent un cristal translucide qui s’illumine quand on l’éclaire de l’intérieur. Il s’emboîte sur un goujon standard de 25 mm : n’importe quel manche à balai devient un bâton de mage.",
      },
    ),
  },
  {
    id: "item-kitsune-mask",
    slug: "kitsune-mask",
    categoryId: "cat-cosplay",
    priceCents: 6900,
    weightGrams: 280,
    stock: 0,
    isVisible: true,
    images: images("kitsune-mask"),
    translations: both(
      {
        name: "Kitsune Mask",
        description:
          "A fox-spirit mask with tall ears and hand-painted crimson markings, shaped to sit comfortably on the face with an elastic strap. Lightweight, with wide eye openings for good visibility.",
      },
      {
        name: "Masque de kitsune",
        description:
          "Un masque d’esprit-renard aux grandes oreilles et aux motifs cramoisis peints à la main, galbé pour bien épouser le visage et retenu par un élastique. Léger, avec de grandes ouvertures pour bien voir où l’on met les pieds.",
      },
    ),
  },

  // Home décor
  {
    id: "item-spiral-vase",
    slug: "spiral-twist-vase",
    categoryId: "cat-home-decor",
    priceCents: 3900,
    weightGrams: 380,
    stock: 18,
    isVisible: true,
    images: images("spiral-vase", "spiral-vase-coral"),
    translations: both(
      {
        name: "Spiral Twist Vase",
        description:
          "A 25 cm vase whose walls twist as they rise, printed as one continuous spiral for a silky, seamless surface. Comes with a watertight liner for fresh flowers. Printed in teal; ask us for coral or another colour.",
      },
      {
        name: "Vase spirale torsadé",
        description:
          "Un vase de 25 cm dont les parois tournoient en montant, imprimé en une seule spirale continue pour une surface soyeuse, sans aucun joint. Doublure étanche incluse pour les fleurs fraîches. Imprimé en sarcelle; demandez-nous le corail ou une autre couleur.",
      },
    ),
  },
  {
    id: "item-faceted-planter",
    slug: "faceted-planter",
    categoryId: "cat-home-decor",
    priceCents: 2900,
    weightGrams: 420,
    stock: 27,
    isVisible: true,
    images: images("faceted-planter"),
    translations: both(
      {
        name: "Faceted Planter with Drip Tray",
        description:
          "A crisp geometric pot for succulents and small houseplants, with a drainage hole and a matching saucer that keeps the windowsill dry. 12 cm across, in matte sandstone.",
      },
      {
        name: "Pot à facettes avec soucoupe",
        description:
          "Un pot géométrique aux arêtes nettes pour plantes grasses et petites plantes d’intérieur, avec trou de drainage et soucoupe assortie pour garder le rebord de fenêtre au sec. 12 cm de large, fini grès mat.",
      },
    ),
  },
  {
    id: "item-moon-lamp",
    slug: "moonlight-lithophane-lamp",
    categoryId: "cat-home-decor",
    priceCents: 7900,
    weightGrams: 750,
    stock: 7,
    isVisible: true,
    images: images("moon-lamp", "moon-lamp-off", "moon-lamp-closeup"),
    translations: both(
      {
        name: "Moonlight Lithophane Lamp",
        description:
          "A 15 cm moon whose craters are mapped from real lunar elevation data, printed thin enough for light to glow through. Warm-white LED, USB-C powered, on a walnut-toned stand.",
      },
      {
        name: "Lampe lithophane Clair de lune",
        description:
          "Une lune de 15 cm dont les cratères reproduisent le vrai relief lunaire, imprimée assez mince pour que la lumière la traverse. DEL blanc chaud alimentée par USB-C, sur un socle ton noyer.",
      },
    ),
  },
  {
    id: "item-maple-coasters",
    slug: "maple-leaf-coaster-set",
    categoryId: "cat-home-decor",
    priceCents: 2200,
    weightGrams: 260,
    stock: 31,
    isVisible: true,
    images: images("maple-coasters"),
    translations: both(
      {
        name: "Maple Leaf Coaster Set",
        description:
          "Four 10 cm coasters with a raised maple leaf, printed in heat-resistant PETG with cork pads underneath. They wipe clean with a damp cloth and look good stacked on the coffee table.",
      },
      {
        name: "Sous-verres feuille d’érable",
        description:
          "Quatre sous-verres de 10 cm ornés d’une feuille d’érable en relief, imprimés en PETG résistant à la chaleur, avec dessous en liège. Un coup de linge humide et c’est propre; empilés sur la table de salon, ils font leur petit effet.",
      },
    ),
  },
  {
    id: "item-mountain-bookends",
    slug: "mountain-range-bookends",
    categoryId: "cat-home-decor",
    priceCents: 4500,
    weightGrams: 1900,
    stock: 8,
    isVisible: false,
    images: images("mountain-bookends"),
    translations: both(
      {
        name: "Mountain Range Bookends",
        description:
          "A pair of weighted bookends shaped like snow-capped Rocky Mountain peaks. Their steel-filled bases hold a row of paperbacks upright.",
      },
      {
        name: "Serre-livres Rocheuses",
        description:
          "Une paire de serre-livres lestés en forme de sommets enneigés des Rocheuses. Leur base remplie d’acier garde une rangée de livres de poche bien droite.",
      },
    ),
  },

  // Desk & tech accessories
  {
    id: "item-headphone-stand",
    slug: "canyon-headphone-stand",
    categoryId: "cat-desk-tech",
    priceCents: 4200,
    weightGrams: 410,
    stock: 14,
    isVisible: true,
    images: images("headphone-stand"),
    translations: both(
      {
        name: "Canyon Headphone Stand",
        description:
          "A sculpted stand whose layered curves echo canyon walls, topped with a wide, rounded hook that won’t dent your headband. Weighted base, 27 cm tall, in terracotta and sand.",
      },
      {
        name: "Support à casque Canyon",
        description:
          "Un support sculpté aux courbes stratifiées comme les parois d’un canyon, coiffé d’un large crochet arrondi qui ne marque pas l’arceau. Base lestée, 27 cm de haut, terre cuite et sable.",
      },
    ),
  },
  {
    id: "item-cable-clips",
    slug: "cable-clip-set",
    categoryId: "cat-desk-tech",
    priceCents: 1499,
    weightGrams: 90,
    stock: 40,
    isVisible: true,
    images: images("cable-clips"),
    translations: both(
      {
        name: "Cable Clip Set",
        description:
          "Six adhesive-backed clips in assorted colours that stop chargers and cables from sliding off the back of your desk. Each holds a cable up to 6 mm thick.",
      },
      {
        name: "Attache-câbles, ensemble de six",
        description:
          "Six attaches autocollantes de couleurs variées pour empêcher chargeurs et câbles de glisser derrière le bureau. Chacune retient un câble jusqu’à 6 mm d’épaisseur.",
      },
    ),
  },
  {
    id: "item-arc-phone-stand",
    slug: "arc-phone-stand",
    categoryId: "cat-desk-tech",
    priceCents: 1999,
    weightGrams: 150,
    stock: 22,
    isVisible: true,
    images: images("arc-phone-stand"),
    translations: both(
      {
        name: "Arc Phone Stand",
        description:
          "One sweeping arc that holds your phone at a comfortable viewing angle, upright or sideways, with a slot for the charging cable. Fits most phones, even in a case.",
      },
      {
        name: "Support à cellulaire Arc",
        description:
          "Un seul arc tout en courbe qui tient votre cellulaire au bon angle, à la verticale comme à l’horizontale, avec une fente pour le câble de recharge. Convient à la plupart des téléphones, même dans leur étui.",
      },
    ),
  },
  {
    id: "item-hex-desk-organizer",
    slug: "hex-desk-organizer",
    categoryId: "cat-desk-tech",
    priceCents: 3400,
    weightGrams: 480,
    stock: 11,
    isVisible: true,
    images: images("hex-desk-organizer"),
    translations: both(
      {
        name: "Hex Desk Organizer",
        description:
          "Five honeycomb cups of different heights for pens, brushes, scissors and the odd USB stick. Hidden magnets hold them together, so you can rearrange them whenever your desk changes.",
      },
      {
        name: "Range-tout alvéolé",
        description:
          "Cinq alvéoles de hauteurs variées pour crayons, pinceaux, ciseaux et la clé USB qui traîne. Des aimants cachés les tiennent ensemble : on les réorganise au gré du bureau.",
      },
    ),
  },
  {
    id: "item-artisan-keycaps",
    slug: "artisan-keycap-set",
    categoryId: "cat-desk-tech",
    priceCents: 2800,
    weightGrams: 120,
    stock: 4,
    isVisible: true,
    images: images("artisan-keycaps"),
    translations: both(
      {
        name: "Artisan Keycap Set",
        description:
          "Four hand-finished keycaps for Cherry MX-style switches, with a maple leaf, a mountain, a crescent moon and a wave in glossy colours. A small detail that makes a keyboard truly yours.",
      },
      {
        name: "Touches de clavier artisanales",
        description:
          "Quatre touches finies à la main pour interrupteurs de type Cherry MX, ornées d’une feuille d’érable, d’une montagne, d’un croissant de lune et d’une vague aux couleurs lustrées. Le petit détail qui rend un clavier vraiment à vous.",
      },
    ),
  },

  // Printing materials
  {
    id: "item-pla-galaxy-black",
    slug: "pla-plus-filament-galaxy-black",
    categoryId: "cat-materials",
    priceCents: 2999,
    weightGrams: 1250,
    stock: 35,
    isVisible: true,
    images: images("filament-pla-galaxy-black"),
    translations: both(
      {
        name: "PLA+ Filament, Galaxy Black, 1 kg",
        description:
          "Tough, easy-printing PLA+ with a fine glitter that sparkles like a clear night sky. 1.75 mm ± 0.02 mm, vacuum-sealed with desiccant; prints at 205 to 225 °C.",
      },
      {
        name: "Filament PLA+ noir galaxie, 1 kg",
        description:
          "Un PLA+ robuste et facile à imprimer, parsemé de fines paillettes qui scintillent comme un ciel étoilé. 1,75 mm ± 0,02 mm, emballé sous vide avec dessiccant; s’imprime entre 205 et 225 °C.",
      },
    ),
  },
  {
    id: "item-petg-glacier-blue",
    slug: "petg-filament-glacier-blue",
    categoryId: "cat-materials",
    priceCents: 3299,
    weightGrams: 1250,
    stock: 20,
    isVisible: true,
    images: images("filament-petg-glacier-blue"),
    translations: both(
      {
        name: "PETG Filament, Glacier Blue, 1 kg",
        description:
          "Translucent glacier-blue PETG, stronger and more heat-resistant than PLA: ideal for planters, brackets and anything that lives outdoors. 1.75 mm; prints at 230 to 250 °C.",
      },
      {
        name: "Filament PETG bleu glacier, 1 kg",
        description:
          "Un PETG translucide bleu glacier, plus solide et plus résistant à la chaleur que le PLA : parfait pour les pots, les supports et tout ce qui passe l’été dehors. 1,75 mm; s’imprime entre 230 et 250 °C.",
      },
    ),
  },
  {
    id: "item-silk-pla-copper",
    slug: "silk-pla-filament-copper",
    categoryId: "cat-materials",
    priceCents: 3499,
    weightGrams: 1250,
    stock: 9,
    isVisible: true,
    images: images("filament-silk-pla-copper"),
    translations: both(
      {
        name: "Silk PLA Filament, Copper, 1 kg",
        description:
          "A high-sheen silk PLA that comes off the printer with the glow of polished metal, no paint needed. Perfect for busts, vases and trophies. 1.75 mm; prints at 200 to 220 °C.",
      },
      {
        name: "Filament PLA soyeux cuivre, 1 kg",
        description:
          "Un PLA soyeux très lustré qui sort de l’imprimante avec l’éclat du métal poli, sans une goutte de peinture. Idéal pour les bustes, les vases et les trophées. 1,75 mm; s’imprime entre 200 et 220 °C.",
      },
    ),
  },
];
