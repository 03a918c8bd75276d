import type { Messages } from "../en/index.ts";

export const dashboard: Messages["dashboard"] = {
  title: "Tableau de bord",
  intro: "Comment va l’atelier sur la période choisie, et ce qui vous attend.",
  period: "Période",
  from: "Du",
  to: "Au",
  bucket: "Points",
  buckets: { day: "Par jour", week: "Par semaine", month: "Par mois" },
  show: "Afficher",
  sales: "Ventes",
  orders: "Commandes payées",
  refunded: "Remboursé",
  previous: (value: string) => `Période précédente\u00a0: ${value}`,
  change: (percent: number) => `${percent > 0 ? "+" : ""}${percent}\u00a0% par rapport à la période précédente`,
  noPrevious: "Rien dans la période précédente",
  salesChart: (from: string, to: string) => `Ventes et remboursements du ${from} au ${to}`,
  chartLoading: "Tracé du graphique…",
  asTable: "Les mêmes chiffres dans un tableau",
  start: "Début",
  taxes: "Taxes perçues",
  taxesIntro: "Sur les commandes payées dans la période, moins ce que les remboursements de la période ont rendu.",
  taxReport: "Télécharger le rapport de taxes de cette période (CSV, par territoire, pour le comptable)",
  tax: "Taxe",
  collected: "Perçu",
  given: "Remboursé",
  net: "Net",
  noTaxes: "Aucune taxe perçue dans cette période.",
  toFulfil: "Commandes à traiter",
  toFulfilCount: (count: number) =>
    count === 1
      ? "1 commande payée attend d’être expédiée ou ramassée."
      : `${count} commandes payées attendent d’être expédiées ou ramassées.`,
  oldestFirst: "Les plus anciennes d’abord.",
  age: (hours: number) => (hours < 48 ? `${hours}\u00a0h` : `${Math.floor(hours / 24)}\u00a0jours`),
  waitingFor: "Attente",
  order: "Commande",
  buyer: "Client",
  total: "Total",
  delivery: "Livraison",
  methods: { ship: "Expédition", pickup: "Ramassage" },
  nothingToFulfil: "Toutes les commandes payées ont été traitées.",
  funnel: "Devis d’impression sur mesure",
  funnelIntro: "Les devis demandés dans la période, et jusqu’où ils sont allés.",
  funnelSteps: {
    requested: "Demandés",
    priced: "Chiffrés",
    ordered: "Commandés",
    declined: "Refusés",
    waitingForReview: "En attente de votre examen",
  },
  production: "File de production",
  printerHours: (hours: string) => `${hours}\u00a0heures d’impression`,
  parts: (count: number) => (count === 1 ? "1 pièce à fabriquer" : `${count} pièces à fabriquer`),
  withoutTime: (count: number) =>
    count === 1
      ? "1 pièce chiffrée à la main n’a ni durée d’impression ni poids à compter"
      : `${count} pièces chiffrées à la main n’ont ni durée d’impression ni poids à compter`,
  workingDays: (days: number) =>
    `environ ${days}\u00a0jour${days > 1 ? "s" : ""} ouvrable${days > 1 ? "s" : ""} pour les imprimantes`,
  lowStock: "Stock bas",
  lowStockIntro:
    "Les articles dont il reste peu pour les clients (en rayon moins les réservations des commandes impayées).",
  available: "Disponible",
  noLowStock: "Rien ne manque.",
  outbox: "Courriel",
};
