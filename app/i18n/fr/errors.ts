import type { Messages } from "../en/index.ts";

export const errors: Messages["errors"] = {
  "cart.item_unavailable": "Cet article n’est pas disponible à l’achat",
  "cart.max_stock": "Stock maximal disponible atteint",
  "cart.invalid_quantity": "Quantité invalide",
  "cart.invalid_request": "Cette demande n’a pas pu être comprise. Rechargez la page et réessayez.",
  "cart.empty": "Votre panier est vide",
  "cart.has_unavailable_lines":
    "Certains articles de votre panier ne peuvent pas être commandés maintenant. Retirez-les ou changez leur quantité dans votre panier.",
  "order.not_found": "Commande introuvable",
  "order.stock_conflict": "Certains articles ne sont plus disponibles dans la quantité demandée",
  "order.not_cancellable": "Seule une commande non payée peut être annulée",
  "order.email_unverified": "Veuillez vérifier votre adresse courriel avant de passer commande : ouvrez le lien que nous vous avons envoyé.",
  "cart.quote_unavailable": "Ce devis ne peut pas être ajouté au panier.",
  "cart.quote_not_priced": "Ce devis n’a pas encore de prix : seul un devis chiffré peut être ajouté au panier.",
  "cart.quote_expired": "Le prix de ce devis a expiré. Mettez le devis à jour pour obtenir le prix du jour.",
  "refund.not_refundable": "Seule une commande payée peut être remboursée, et celle-ci n’a plus rien à rembourser.",
  "refund.nothing_chosen": "Choisissez les unités ou la livraison à rembourser, ou saisissez un montant.",
  "refund.too_many_units": "Plus d’unités qu’il n’en reste à rembourser sur cette ligne.",
  "refund.shipping_already_refunded": "La livraison a déjà été remboursée.",
  "refund.invalid_amount": "Saisissez un montant en dollars et en cents, supérieur à zéro (par exemple 12,50).",
  "refund.exceeds_paid": "C’est plus que ce qui reste à rembourser sur la commande.",
  "refund.lines_or_amount": "Remboursez soit des unités et la livraison, soit un montant, pas les deux.",
  "refund.provider_failed": "Le fournisseur de paiement a refusé ou n’a pas pu être joint : rien n’a été remboursé. Veuillez réessayer dans un moment.",
};
