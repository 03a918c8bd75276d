import type { Messages } from "../en/index.ts";

export const orderFilters: Messages["orderFilters"] = {
  from: "Passée à partir du",
  to: "Passée jusqu’au",
  method: "Livraison",
  allMethods: "Toutes",
  methods: { ship: "Expédiée", pickup: "Retrait" },
  exportCsv: "Exporter ces commandes (CSV)",
  exportHint:
    "Une ligne par commande\u00a0: numéro, date, client, statut, sous-total, chaque taxe, livraison, total et remboursements, en dollars lisibles par un tableur.",
  problems: {
    invalidStatus: "Ce statut n’existe pas.",
    tooLong: "La recherche est trop longue (100\u00a0caractères au plus).",
    invalidDate: "Une date est un jour du calendrier, comme 2026-03-31.",
    invalidRange: "Le premier jour vient avant le dernier.",
    invalidMethod: "La livraison est expédiée ou retrait.",
    invalidPage: "Une page est un nombre entier à partir de 1.",
  },
};
