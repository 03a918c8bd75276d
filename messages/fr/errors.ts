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
  "order.email_unverified":
    "Veuillez vérifier votre adresse courriel avant de passer commande : ouvrez le lien que nous vous avons envoyé.",
  "order.total_over_limit":
    "Cette commande dépasse le montant maximal d’une commande en ligne. Divisez-la en commandes plus petites ou communiquez avec l’atelier.",
  "order.hold_limit":
    "Les commandes passées depuis votre connexion réservent déjà beaucoup d’articles en attente de paiement. Payez ou annulez-en une d’abord, ou communiquez avec l’atelier.",
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
  "refund.changed":
    "Un remboursement a été fait sur cette commande depuis votre confirmation\u00a0: rien de plus n’a été remboursé. Vérifiez ce qui reste et réessayez.",
  "refund.provider_failed":
    "Le fournisseur de paiement a refusé ou n’a pas pu être joint : rien n’a été remboursé. Veuillez réessayer dans un moment.",
  "refund.provider_pending":
    "Le fournisseur de paiement n’a pas pu être joint. Le remboursement est enregistré et sera terminé automatiquement : ne remboursez pas une seconde fois.",
  "order.quote_changed":
    "Une impression sur mesure de votre panier a changé ou son prix a expiré depuis votre vérification. Vérifiez votre panier et passez la commande de nouveau.",
  "order.parts_started":
    "Des pièces sur mesure de cette commande sont déjà en fabrication. Confirmez que vous voulez aussi les annuler.",
  "order.parts_not_done":
    "Des pièces sur mesure de cette commande ne sont pas terminées. Marquez-les terminées en production d’abord, ou confirmez que la commande part sans elles.",
  "order.use_delivery_steps":
    "Cette commande a une livraison : utilisez ses étapes de livraison (expédiée, prête pour le ramassage).",
  "order.refund_pending":
    "Un remboursement de cette commande est encore en attente chez le fournisseur de paiement. Attendez qu’il soit terminé (il se termine automatiquement), puis réessayez.",
  "order.disputed":
    "L’acheteur a contesté le paiement de cette commande auprès de sa banque\u00a0: elle est en attente (ni remise, ni remboursée, ni pièces sur mesure déplacées) jusqu’à la clôture de la contestation.",
  "order.details_needed":
    "Vos coordonnées nous sont nécessaires jusqu’à ce que votre commande soit terminée\u00a0: elles nous servent à vous joindre pour le ramassage, la livraison ou un remboursement. Une fois la commande terminée, revenez sur cette page et vous pourrez les effacer.",
  "quote.in_order":
    "Cette impression sur mesure fait partie d’une commande et ne peut plus être modifiée. Annulez la commande impayée pour la modifier, ou téléversez de nouveau le fichier pour un nouveau devis.",
  "quote.locked": "Ce devis est entre les mains de l’atelier et ne peut pas être modifié maintenant.",
  "item.held_by_orders":
    "Des commandes en attente de paiement réservent cet article : il ne peut pas être supprimé. Masquez-le plutôt.",
  "settings.stale":
    "Quelqu’un d’autre a enregistré ces réglages après l’ouverture de cette page. Rechargez-la pour voir ses changements, puis refaites les vôtres.",
  "settings.version_required":
    "Indiquez quelle version vous modifiez : envoyez le loadedAt ou le loadedVersion lu avec GET, pour ne jamais défaire un enregistrement plus récent de quelqu’un d’autre.",
  "faq.stale":
    "Quelqu’un d’autre a enregistré cette question après l’ouverture de cette page. Rechargez-la pour voir ses changements, puis refaites les vôtres.",
  "faq.not_found": "Cette question n’existe plus. Rechargez la page.",
  "faq.too_many": "La FAQ compte 30 questions, le maximum. Supprimez-en une avant d’en ajouter une autre.",
  "home.stale":
    "Quelqu’un d’autre a enregistré ce contenu après l’ouverture de cette page. Rechargez-la pour voir ses changements, puis refaites les vôtres.",
  "home.not_found": "Cette carte n’existe plus. Rechargez la page.",
  "home.too_many": "Cette section compte 12 cartes, le maximum. Supprimez-en une avant d’en ajouter une autre.",
  "request.invalid_id": "Cette page n’est plus à jour ou son formulaire a été modifié. Rechargez la page et réessayez.",
  "dashboard.invalid_range":
    "Choisissez une période en jours entre 2000 et 2100 (du premier au dernier, AAAA-MM-JJ), d’au plus 400 points sur le graphique, par jour, semaine ou mois.",
  "first_steps.unknown": "Cette étape ne peut pas être cochée ici. Rechargez la page.",
  "checkout.item_without_weight":
    "Nous ne pouvons pas encore calculer la livraison d’un de ces articles. Choisissez le retrait, ou écrivez-nous et nous l’expédierons.",
  "checkout.invalid_method": "Choisissez la livraison ou le retrait.",
  "checkout.invalid_address": "Veuillez vérifier l’adresse de livraison.",
  "checkout.no_shipping_zone": "Nous ne livrons pas encore dans cette province. Choisissez le retrait ou écrivez-nous.",
  "checkout.invalid_order": "Cette commande n’a pas pu être comprise. Rechargez la page et réessayez.",
  "checkout.invalid_guest": "Veuillez vérifier vos coordonnées.",
  "checkout.no_saved_address": "Choisissez une de vos adresses enregistrées, ou saisissez-en une nouvelle.",
  "checkout.part_weight_unknown":
    "Le poids d’une impression sur mesure de votre panier n’est pas encore connu : sa livraison ne peut pas être calculée. Choisissez le ramassage, ou demandez à l’atelier de la peser.",
  "quote.price_over_limit":
    "Ce prix pour l’ensemble des pièces dépasse 100\u00a0000\u00a0$, plus que ce que le site accepte pour une soumission. Baissez-le, ou convenez de la commande directement avec le client.",
  "payment.missing_order": "Renseignements de commande manquants",
  "payment.already_paid": "Cette commande est déjà payée.",
  "payment.order_expired": "Cette commande a expiré ou a été annulée. Veuillez passer votre commande de nouveau.",
  "payment.processing": "Votre paiement est toujours en cours de traitement.",
  "payment.unavailable": "Le paiement n’a pas pu commencer. Veuillez réessayer dans un instant.",
  "payment.missing_information": "Renseignements de paiement manquants",
  "payment.not_found": "Paiement introuvable",
  "payment.verification_failed": "La vérification du paiement a échoué",
  "payment.late_refund_failed":
    "Le paiement n’a pas pu être remboursé pour l’instant. Veuillez réessayer dans un instant.",
  "quote.not_found": "Soumission introuvable",
  "quote.not_awaiting_review": "Cette soumission n’attend pas d’examen.",
  "quote.review_price_invalid":
    "Indiquez un prix par pièce supérieur à zéro, en dollars et en cents (par exemple 12,50).",
  "quote.decline_reason_required": "Donnez une raison au client (au plus 1\u00a0000 caractères).",
  "quote.step_not_allowed": "Cette étape de production n’est pas permise.",
  "quote.part_not_found": "Pièce introuvable",
  "quote.part_moved": "Cette pièce a avancé depuis le chargement de la page. Rechargez-la pour voir son statut.",
  "quote.no_turned_file":
    "Cette pièce est imprimée telle que son fichier la pose\u00a0: téléchargez le fichier lui-même.",
  "quote.orientation_invalid": "L’orientation doit être l’une de celles-ci\u00a0: best, as-file.",
  "quote.options_invalid": "Ces options ne sont pas valides.",
  "quote.option_not_offered": "Ce choix n’est pas offert. Choisissez-en un autre.",
  "quote.review_request_invalid":
    "Veuillez donner une adresse courriel valide et une note de moins de 2\u00a0000 caractères.",
  "quote.review_email_required":
    "Veuillez donner une adresse courriel pour que le studio puisse vous envoyer son prix.",
  "quote.already_with_studio": "Cette soumission est déjà entre les mains du studio.",
  "quote.terms_invalid": "Les réglages de prix ne sont pas valides.",
  "material.invalid": "Ces réglages ne sont pas valides.",
  "material.not_found": "Ce matériau, cette couleur ou cette qualité n’existe plus. Rechargez la page.",
  "conversation.empty": "Écrivez un message avant de l’envoyer.",
  "conversation.too_long":
    "Un message peut compter jusqu’à 4\u00a0000 caractères. Raccourcissez-le ou envoyez-le en deux.",
  "conversation.no_approval_asked": "L’atelier n’attend plus votre approbation. Rechargez la page.",
  "order.awaiting_approval":
    "Le client n’a pas encore approuvé la pièce terminée. Attendez sa réponse, ou confirmez qu’elle est remise sans son approbation.",
  "conversation.too_many":
    "Vous avez envoyé beaucoup de messages en peu de temps. Veuillez patienter quelques minutes et réessayer.",
};
