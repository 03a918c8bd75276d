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
  "cart.quote_unavailable": "Ce devis ne peut pas être ajouté au panier.",
  "cart.quote_not_priced": "Ce devis n’a pas encore de prix : seul un devis chiffré peut être ajouté au panier.",
  "cart.quote_expired": "Le prix de ce devis a expiré. Mettez le devis à jour pour obtenir le prix du jour.",
};
