import type { Messages } from "../en/index.ts";

export const orderFilters: Messages["orderFilters"] = {
  from: "Passée à partir du",
  to: "Passée jusqu’au",
  paidFrom: "Payée à partir du",
  paidTo: "Payée jusqu’au",
  method: "Livraison",
  allMethods: "Toutes",
  methods: { ship: "Expédiée", pickup: "Retrait" },
  exportCsv: "Exporter ces commandes (CSV)",
  exportHint:
    "Une ligne par commande\u00a0: numéro, date et heure de commande et de paiement (heure du studio), client, statut, livraison, sous-total, chaque taxe, frais de port, total et remboursements, en dollars lisibles par un tableur. Filtrez par jours de paiement pour retrouver le rapport de taxes.",
  problems: {
    invalidStatus: "Ce statut n’existe pas.",
    tooLong: "La recherche est trop longue (100\u00a0caractères au plus).",
    invalidDate: "Une date est un jour du calendrier entre 2000 et 2100, comme 2026-03-31.",
    invalidRange: "Le premier jour vient avant le dernier.",
    invalidMethod: "La livraison est expédiée ou retrait.",
    invalidPage: "Une page est un nombre entier à partir de 1.",
  },
};
