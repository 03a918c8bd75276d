import type { Messages } from "../en/index.ts";
import { deName } from "../../lib/french.ts";

export const cart: Messages["cart"] = {
  title: "Votre panier",
  open: (count: number) => (count === 0 ? "Panier, vide" : count === 1 ? "Panier, 1 article" : `Panier, ${count} articles`),
  button: "Panier",
  close: "Fermer le panier",
  empty: "Votre panier est vide.",
  continueShopping: "Continuer vos achats",
  unitPrice: (price: string) => `Prix unitaire\u00a0: ${price}`,
  quantityFor: (name: string) => `Quantité ${deName(name)}`,
  decrease: (name: string) => `Diminuer la quantité ${deName(name)}`,
  increase: (name: string) => `Augmenter la quantité ${deName(name)}`,
  lineTotal: "Total de la ligne\u00a0:",
  remove: (name: string) => `Retirer ${name}`,
  removeShort: "Retirer",
  total: "Total",
  totalNote: "Les taxes et la livraison sont calculées à la caisse.",
  clear: "Vider le panier",
  checkout: "Passer à la caisse",
  checking: "Vérification des prix et du stock…",
  checkFailed:
    "Nous n’avons pas pu vérifier les prix et le stock actuels. Le panier affiche les prix que vous avez vus\u00a0; la caisse les confirmera.",
  changesTitle: "Votre panier a été mis à jour",
  priceChanged: (name: string, before: string, after: string) => `Le prix ${deName(name)} est passé de ${before} à ${after}.`,
  quantityReduced: (name: string, stock: number) =>
    `Stock limité pour ${name}\u00a0: votre quantité a été ramenée à ${stock}, le stock disponible.`,
  unavailable: (name: string) => `${name} n’est plus disponible et a été retiré de votre panier.`,
  errors: {
    notAvailable: "Cet article n’est pas disponible à l’achat",
    maxStockReached: "Stock maximal disponible atteint",
    invalidQuantity: "Quantité invalide",
  },
};
