import type { Messages } from "../en/index.ts";
import { deName } from "../../domain/french.ts";

export const quote: Messages["quote"] = {
  metaTitle: "Soumission instantanée pour une impression 3D sur mesure",
  metaDescription:
    "Téléversez un fichier STL, OBJ, 3MF ou STEP, voyez-le en 3D et obtenez un prix exact de notre trancheur en quelques secondes, ou demandez un prix à l’atelier.",
  title: "Obtenir une soumission instantanée",
  intro:
    "Déposez vos fichiers 3D pour les voir en 3D et obtenir un prix en quelques secondes. Nous tranchons chaque pièce avec les réglages de nos impressions.",
  cta: "Obtenir une soumission instantanée",
  dropZone: "Déposez ici des fichiers STL, OBJ, 3MF ou STEP",
  chooseFiles: "Choisir des fichiers",
  fileLimit: (megabytes: number) =>
    `Jusqu’à ${megabytes} Mo par fichier. Vos fichiers restent privés\u00a0: seuls vous et l’atelier pouvez les voir.`,
  uploading: (name: string) => `Téléversement ${deName(name)}`,
  uploadProgress: (percent: number) => `${percent} % téléversé`,
  reading: "Lecture du modèle…",
  readingStep: "Conversion du fichier STEP sur notre serveur…",
  viewerLabel: (name: string) =>
    `Vue 3D ${deName(name)}. Faites glisser pour la tourner, utilisez la molette ou pincez pour zoomer.`,
  viewerLoading: "Chargement de la visionneuse 3D…",
  dimensions: "Dimensions",
  dimensionsMm: (x: string, y: string, z: string) => `${x} × ${y} × ${z} mm`,
  dimensionsIn: (x: string, y: string, z: string) => `${x} × ${y} × ${z} po`,
  volume: "Volume",
  volumeCm3: (value: string) => `${value} cm³`,
  triangles: "Triangles",
  scaleSuggestion: (factor: string, unit: string) =>
    `Cette pièce semble dessinée en ${unit}. La mettre à l’échelle ×${factor}\u00a0?`,
  units: { inches: "pouces", metres: "mètres" },
  applyScale: (factor: string) => `Échelle ×${factor}`,
  scaled: (factor: string) => `Mise à l’échelle ×${factor}`,
  undoScale: "Garder la taille d’origine",
  options: "Options",
  material: "Matériau",
  colour: "Couleur",
  outOfStock: (name: string) => `${name} (en rupture, délai plus long)`,
  quality: "Qualité",
  infill: "Remplissage",
  infillValue: (percent: number) => `${percent} %`,
  quantity: "Quantité",
  orientation: "Orientation sur l’imprimante",
  orientationBest: "La meilleure pour l’impression (recommandée)\u00a0: tournée pour demander le moins de supports",
  orientationAsFile: "Comme dans mon fichier",
  orientationTurned:
    "L’orientation de votre fichier n’entre pas dans notre imprimante\u00a0: la pièce est tournée pour y entrer.",
  supportsIncluded: (areaCm2: string) =>
    `Les supports sont compris dans le prix\u00a0: environ ${areaCm2} cm² du dessous de la pièce sont imprimés sur des supports.`,
  supportsLegend:
    "Dans la vue 3D (tournez-la pour voir dessous), les faces imprimées sur des supports sont rayées d’orange et de gris.",
  noSupports: "Dans cette orientation, la pièce n’a besoin d’aucun support.",
  estimate: "Estimation",
  minimumApplies: (amount: string) => `Un minimum de ${amount} par pièce s’applique.`,
  inCart: "Dans votre panier.",
  viewCart: "Voir le panier",
  myCustomPrints: "Mes impressions sur mesure",
  statuses: {
    estimating: "Prix en cours",
    priced: "Prix donné",
    failed: "À voir avec l’atelier",
    needs_review: "En attente du prix de l’atelier",
    declined: "Refusée par l’atelier",
    accepted: "Dans une commande à payer",
    ordered: "Commandée",
    cancelled: "Commande annulée",
    expired: "Prix expiré",
  },
  refunded: "Remboursée",
  noCustomPrints: "Aucune impression sur mesure pour l’instant.",
  startQuote: "Demander un prix pour une pièce",
  studioPrice: "Prix fixé par l’atelier",
  studioNote: "La note de l’atelier",
  yourNote: "Votre note",
  openQuote: (name: string) => `Ouvrir le devis ${deName(name)}`,
  estimateNote:
    "Une estimation d’après le volume de la pièce\u00a0; le prix exact suit dès que notre trancheur a préparé la pièce.",
  slicing: "Préparation du prix exact…",
  exactPrice: "Prix exact",
  printTime: "Durée d’impression",
  materialUsed: "Matière",
  grams: (value: string) => `${value} g`,
  unitPrice: "Prix par pièce",
  discount: (percent: number) => `Rabais de quantité (${percent} %)`,
  priceBreaks: "Prix selon la quantité",
  priceBreaksEstimated: "Estimés, comme le prix ci-dessus, jusqu’au prix exact.",
  priceBreaksOff: (percent: number) => `${percent} % de rabais`,
  total: "Total",
  heldUntil: (date: string) => `Prix garanti jusqu’au ${date}.`,
  readyBy: (date: string) => `Prête le ${date}`,
  readyByEstimated: "Estimée, comme le prix, jusqu’à ce que le temps d’impression exact soit connu.",
  readyByHint:
    "Si vous commandez aujourd’hui\u00a0: la date dépend de la file de production de l’atelier et recule à mesure que les commandes arrivent.",
  expired: "Ce prix a expiré\u00a0: changez une option pour obtenir le prix du jour.",
  printability: {
    thinMarked: "Dans la vue 3D, les parois de moins de 0,45\u00a0mm sont en violet.",
    openMarked: "Dans la vue 3D, les faces sur des arêtes ouvertes ou doublées sont en rouge.",
    title: "Imprimabilité",
    regionOf: (name: string) => `Imprimabilité ${deName(name)}`,
    clean: "Rien à signaler\u00a0: aucun défaut d’impression trouvé.",
    pending: "La vérification de cette pièce par l’atelier est en cours.",
    thinWalls: (faces: number, thinnest: string) =>
      `Parois plus minces qu’une ligne de plastique (0,45 mm\u00a0; la plus mince fait ${thinnest} mm) sur ${faces} faces\u00a0: elles risquent de s’imprimer avec des trous, ou pas du tout.`,
    overhangs: (area: string) =>
      `${area} cm² surplombent à plus de 45°\u00a0: l’imprimante construit des supports dessous, qui laissent des traces là où ils touchent.`,
    openEdges: (faces: number) =>
      `${faces} faces se rejoignent par des arêtes ouvertes ou doublées\u00a0: la surface n’est pas fermée.`,
    tooBig: "La pièce est plus grande que le plateau de l’imprimante, même tournée.",
  },
  failureTitle: "Nous ne pouvons pas chiffrer cette pièce automatiquement",
  failures: {
    "not-manifold":
      "Le modèle a des trous ou des arêtes libres (ce n’est pas une surface fermée)\u00a0: le trancheur ne distingue pas l’intérieur de l’extérieur.",
    "too-big":
      "La pièce est trop grande pour nos imprimantes\u00a0: elle n’entre pas dans le volume d’impression, même couchée. Vérifiez l’unité du dessin (l’échelle) ou demandez à l’atelier.",
    "over-limit":
      "À cette taille et en cette quantité, le prix dépasse 100\u00a0000\u00a0$, plus que ce que nous acceptons en ligne. Demandez un prix à l’atelier.",
    "no-layers": "Le trancheur n’a rien trouvé à imprimer\u00a0: la pièce est trop mince ou abîmée.",
    "slicer-failed": "Notre trancheur n’a pas pu préparer cette pièce.",
    "slicer-timeout": "La préparation automatique de la pièce a pris trop de temps.",
    "slicer-missing": "Les prix exacts ne sont pas disponibles sur ce serveur pour le moment.",
  },
  fileProblems: {
    "unknown-format": "Ce fichier n’est pas un modèle STL, OBJ, 3MF ou STEP.",
    "bad-step":
      "Ce fichier STEP n’a pas pu être lu. Exportez-le de nouveau depuis votre logiciel de CAO, ou envoyez un fichier STL ou 3MF.",
    "step-no-solid":
      "Ce fichier STEP ne contient aucun solide à imprimer (seulement des courbes, des points ou des surfaces ouvertes). Exportez la pièce comme un corps solide.",
    "step-timeout": (seconds: number) =>
      `Ce fichier STEP est trop complexe pour être converti dans nos limites (${seconds}\u00a0secondes). Simplifiez-le, ou exportez-le en STL ou en 3MF.`,
    "step-too-large": (megabytes: number) =>
      `Un fichier STEP peut faire jusqu’à ${megabytes}\u00a0Mo. Exportez-le en STL ou en 3MF, ou simplifiez-le.`,
    "empty-mesh": "Ce fichier n’a aucun triangle\u00a0: il n’y a rien à imprimer.",
    "too-many-triangles": "Ce modèle a trop de triangles (plus de 2 000 000). Veuillez le simplifier.",
    "degenerate-mesh": "Ce modèle est plat ou abîmé\u00a0: il n’y a aucun volume à imprimer. Vérifiez l’exportation.",
    "not-a-number": "Ce fichier contient des coordonnées qui ne sont pas des nombres.",
    "bad-3mf": "Ce fichier 3MF n’a pas pu être lu.",
    "unsafe-archive": "Ce fichier 3MF a été refusé par sécurité (son contenu est trop volumineux ou inhabituel).",
    "too-large": (megabytes: number) => `Ce fichier dépasse ${megabytes} Mo.`,
  },
  uploadFailed: "Le téléversement a échoué. Veuillez réessayer.",
  askStudio: "Demander un prix à l’atelier",
  askStudioIntro:
    "Une personne de l’atelier examinera votre pièce et vous enverra un prix par courriel, en général en un jour ouvrable.",
  reviewNote: "Note pour l’atelier (facultatif)",
  reviewEmail: "Votre courriel",
  sendRequest: "Envoyer la demande",
  reviewSent:
    "Merci\u00a0: l’atelier vous enverra un prix par courriel. Rien n’est facturé avant que vous l’acceptiez.",
  inOrder:
    "Cette pièce fait partie d’une commande en attente de paiement\u00a0: ce qui a été commandé ne peut plus changer. Annulez cette commande pour la modifier.",
  inProduction: "Cette pièce est payée et dans la file de production de l’atelier.",
  orderCancelled: "La commande de cette pièce a été annulée. Téléversez de nouveau le fichier pour un nouveau devis.",
  declined: (reason: string) => `L’atelier ne peut pas imprimer cette pièce\u00a0: ${reason}`,
  reviewPriced: "L’atelier a chiffré cette pièce.",
  remove: (name: string) => `Retirer ${name}`,
  yourQuotes: "Vos pièces",
  noQuotes: "Aucun fichier pour l’instant.",
};
