import type { Messages } from "../en/index.ts";
import { deName } from "../../domain/french.ts";

export const cart: Messages["cart"] = {
  title: "Votre panier",
  open: (count: number) =>
    count === 0 ? "Panier, vide" : count === 1 ? "Panier, 1 article" : `Panier, ${count} articles`,
  button: "Panier",
  close: "Fermer le panier",
  empty: "Votre panier est vide.",
  continueShopping: "Continuer vos achats",
  unitPrice: (price: string) => `Prix unitaire\u00a0: ${price}`,
  quantityFor: (name: string) => `Quantité ${deName(name)}`,
  decrease: (name: string) => `Diminuer la quantité ${deName(name)}`,
  increase: (name: string) => `Augmenter la quantité ${deName(name)}`,
  update: "Mettre à jour",
  updateQuantity: (name: string) => `Mettre à jour la quantité ${deName(name)}`,
  lineTotal: "Total de la ligne\u00a0:",
  remove: (name: string) => `Retirer ${name}`,
  removeShort: "Retirer",
  total: "Total",
  totalNote:
    "Ce total ne comprend que les articles. La caisse ajoute la livraison (ou le ramassage gratuit à l’atelier) et les taxes de votre province, et affiche le montant à payer avant le paiement.",
  clear: "Vider le panier",
  checkout: "Passer à la caisse",
  viewCart: "Voir le panier complet",
  changesTitle: "Votre panier a changé",
  noticeReduced: (name: string, available: number) =>
    `${name}\u00a0: Stock maximal disponible atteint. Votre quantité est maintenant de ${available}, ce qui est disponible.`,
  noticeRemoved: (name: string) =>
    `${name}\u00a0: Cet article n’est pas disponible à l’achat. Il n’est plus compté dans votre panier.`,
  noticeExpired: (name: string) =>
    `${name}\u00a0: sa garantie de prix a pris fin. Mettez votre panier à jour pour le faire rechiffrer aux prix du jour.`,
  updateCart: "Mettre mon panier à jour",
  updated: "Votre panier est à jour.",
  held: "Réservé par un autre client\u00a0: il pourrait revenir si sa commande n’est pas payée. Non compris dans le total.",
  soldOut: "Épuisé\u00a0: non compris dans le total.",
  available: (n: number) => `${n} disponible${n > 1 ? "s" : ""}`,
  added: (name: string, quantity: number) => `${quantity} × ${name} ajouté au panier.`,
  addedCapped: (name: string, quantity: number) =>
    `${quantity} × ${name} ajouté\u00a0: Stock maximal disponible atteint. Votre panier contient tout ce qui est disponible.`,
  quantitySet: (name: string, quantity: number) => `Quantité ${deName(name)}\u00a0: ${quantity}.`,
  quantityCapped: (name: string, quantity: number) =>
    `Stock maximal disponible atteint\u00a0: la quantité ${deName(name)} est de ${quantity}.`,
  removed: (name: string) => `${name} a été retiré de votre panier.`,
  cleared: "Votre panier a été vidé.",
  anItem: "Cet article",
  addToCart: "Ajouter au panier",
  awaitingPayment: (orderId: string, time: string) =>
    `La commande ${orderId} attend son paiement\u00a0: ses articles vous sont réservés jusqu’à ${time} et restent dans votre panier jusqu’au paiement.`,
  payOrder: "Payer la commande",
  awaitingPaymentLabel: "Commande en attente de paiement",
  minimumApplies: (amount: string) => `Un minimum de ${amount} par pièce s’applique.`,
  quoteAdded: (name: string) => `${name} (impression sur mesure) a été ajouté à votre panier.`,
  quoteAlreadyIn: (name: string) => `${name} (impression sur mesure) est déjà dans votre panier.`,
  customPart: "L’impression sur mesure",
  customPrint: "Impression sur mesure",
  customDetails: (material: string, colour: string, quality: string) => `${material}, ${colour}, ${quality}`,
  customQuantity: (quantity: number) => `Quantité\u00a0: ${quantity}`,
  changeOnQuote: "Modifier dans le devis",
  repricing:
    "Sa garantie de prix a pris fin\u00a0: il est rechiffré aux prix du jour. Pas encore compris dans le total.",
  noticeRepriced: (name: string, total: string) =>
    `${name}\u00a0: sa garantie de prix a pris fin, il a été rechiffré aux prix du jour\u00a0: ${total}.`,
  noticeQuoteRemoved: "Une impression sur mesure ne peut plus être commandée et a été retirée de votre panier.",
};
