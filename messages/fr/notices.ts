import type { Messages } from "../en/index.ts";

export const notices: Messages["notices"] = {
  heading: "Avis par courriel",
  intro:
    "L’atelier est averti par courriel de ce qui le demande. Activez ou désactivez chaque avis et choisissez son destinataire\u00a0; ils sont rédigés dans la langue choisie ici et passent par la boîte d’envoi comme tous les autres courriels.",
  kinds: {
    paid_order: "Chaque commande payée (numéro, lignes, livraison ou retrait, adresse, total)",
    quote_request: "Chaque impression sur mesure dont un acheteur demande le prix à l’atelier",
    quote_review: "Chaque impression sur mesure que le site n’a pas pu chiffrer seul (une personne doit la voir)",
    refund_failed: "Chaque remboursement refusé par le processeur de paiement",
    low_stock: "Chaque article dont le stock passe sous le seuil",
    processor_money:
      "Chaque remboursement fait dans le tableau de bord de Stripe et chaque contestation (rétrofacturation) d’un paiement par carte",
    backup_failed: "Chaque sauvegarde qui a échoué, et 48\u00a0heures sans sauvegarde",
    buyer_message: "Chaque message d’un client sur une commande (un courriel pour plusieurs à la suite)",
  },
  enabled: "Activé",
  to: "Envoyer à",
  locale: "Langue des avis",
  locales: { en: "Anglais", fr: "Français" },
  threshold: "Seuil de stock bas (unités en rayon)",
  thresholdHint: "Un article est signalé une fois, quand une vente fait passer son stock de ce nombre ou plus à moins.",
  save: "Enregistrer les avis",
  errors: {
    invalidEmail: "Entrez une adresse courriel, comme atelier@exemple.com.",
    required: "Un avis activé a besoin d’une adresse.",
    invalidThreshold: "Le seuil est un nombre entier à partir de 0.",
    invalidLocale: "Choisissez l’anglais ou le français.",
  },
  list: {
    nav: "Avis",
    title: "Avis",
    intro:
      "Ce qui s’est passé à l’atelier et vous demande\u00a0: commandes payées, demandes de prix, impressions sur mesure à examiner, remboursements refusés par le processeur, stock bas. Chaque avis ouvre sa page et est alors marqué comme lu pour vous\u00a0; les autres administrateurs gardent le leur.",
    caption: "Les avis de l’atelier, du plus récent au plus ancien",
    none: "Rien pour l’instant\u00a0: une commande payée, une demande de prix ou un stock bas s’afficheront ici.",
    unreadCount: (count: number) => (count <= 1 ? `${count} non lu` : `${count} non lus`),
    markAllRead: "Tout marquer comme lu",
    allRead: "Tous les avis sont marqués comme lus.",
    columns: { notice: "Avis", when: "Quand", state: "État" },
    unread: "Non lu",
    read: "Lu",
    paidOrder: (id: string, amount: string) => `Commande ${id} payée (${amount})`,
    quoteRequest: (file: string) => `Demande de prix\u00a0: ${file}`,
    quoteReview: (file: string, reason: string) => `Impression sur mesure à examiner\u00a0: ${file} (${reason})`,
    refundFailed: (id: string, amount: string) =>
      `Remboursement refusé par le processeur\u00a0: commande ${id} (${amount})`,
    lowStock: (name: string, stock: number) => `Stock bas\u00a0: ${name} (${stock} restant${stock > 1 ? "s" : ""})`,
    processorMoney: {
      refunded: (id: string, amount: string) =>
        `Remboursée dans le tableau de bord de Stripe\u00a0: commande ${id} (${amount})`,
      dispute_opened: (id: string, amount: string, dueBy?: string) =>
        `Paiement contesté\u00a0: commande ${id} (${amount}), en attente${dueBy ? `\u00a0; répondre dans Stripe d’ici le ${dueBy}` : ""}`,
      dispute_won: (id: string, amount: string) => `Contestation gagnée\u00a0: commande ${id} (${amount})`,
      dispute_lost: (id: string, amount: string) => `Contestation perdue\u00a0: commande ${id} (${amount})`,
    },
    backupFailed: "Une sauvegarde a échoué",
    backupOverdue: "Aucune sauvegarde depuis 48\u00a0heures",
    buyerMessage: (id: string) => `Le client a écrit sur la commande ${id}`,
    aCustomPrint: "une impression sur mesure",
    anItem: "un article",
    badPage: "Le numéro de page dans l’adresse n’est pas une page de cette liste.",
    gone: "Cet avis n’existe plus.",
  },
  mail: {
    signature: "— le site de l’atelier",
    paidOrder: {
      subject: (id: string, total: string) => `Commande payée ${id} (${total})`,
      intro: (id: string) => `La commande ${id} a été payée.`,
      buyer: (name: string, email: string, phone: string | null) =>
        `Acheteur\u00a0: ${name} <${email}>${phone ? `, ${phone}` : ""}`,
      lines: "Lignes\u00a0:",
      line: (quantity: number, name: string, unit: string, total: string) =>
        `- ${quantity} × ${name} à ${unit} = ${total}`,
      subtotal: (amount: string) => `Sous-total\u00a0: ${amount}`,
      shipping: (amount: string) => `Livraison\u00a0: ${amount}`,
      tax: (name: string, amount: string) => `${name}\u00a0: ${amount}`,
      total: (amount: string) => `Total\u00a0: ${amount}`,
      ship: "Livraison\u00a0: expédier à",
      pickup: "Livraison\u00a0: retrait à l’atelier",
      noDelivery: "Livraison\u00a0: non consignée",
    },
    quoteRequest: {
      subject: (file: string) => `Demande de prix\u00a0: ${file}`,
      intro: "Un acheteur demande à l’atelier le prix d’une impression sur mesure.",
    },
    quoteReview: {
      subject: (file: string) => `Impression sur mesure à examiner\u00a0: ${file}`,
      intro: (reason: string) =>
        `Le site n’a pas pu chiffrer seul cette impression sur mesure (${reason}). Une personne doit l’examiner.`,
      reasons: {
        "too-big": "trop grande pour les imprimantes",
        "not-manifold": "le modèle n’est pas étanche",
        "slicer-missing": "le trancheur n’est pas installé",
        "slicer-failed": "le trancheur a échoué",
      },
      otherReason: "le trancheur a échoué",
    },
    quote: {
      file: (name: string) => `Fichier\u00a0: ${name}`,
      options: (material: string, colour: string, quality: string, infill: number, quantity: number) =>
        `Options\u00a0: ${material}, ${colour}, ${quality}, remplissage ${infill}\u00a0%, quantité ${quantity}`,
      contact: (email: string) => `Courriel de l’acheteur\u00a0: ${email}`,
      anonymous: "Acheteur\u00a0: non connecté, aucun courriel donné pour l’instant",
      note: (note: string) => `Sa note\u00a0: ${note}`,
    },
    refundFailed: {
      subject: (id: string, amount: string) => `Remboursement échoué\u00a0: commande ${id} (${amount})`,
      intro: (id: string, amount: string) =>
        `Le processeur de paiement a refusé un remboursement de ${amount} sur la commande ${id}. Rien n’a été remboursé\u00a0; réessayez ou remboursez l’acheteur autrement.`,
      reason: (reason: string) => `Réponse du processeur\u00a0: ${reason}`,
    },
    processorMoney: {
      subject: {
        refunded: (id: string, amount: string) => `Remboursée dans Stripe\u00a0: commande ${id} (${amount})`,
        dispute_opened: (id: string, amount: string) => `Paiement contesté\u00a0: commande ${id} (${amount})`,
        dispute_won: (id: string, amount: string) => `Contestation gagnée\u00a0: commande ${id} (${amount})`,
        dispute_lost: (id: string, amount: string) => `Contestation perdue\u00a0: commande ${id} (${amount})`,
      },
      intro: {
        refunded: (id: string, amount: string) =>
          `${amount} de la commande ${id} ont été remboursés dans le tableau de bord de Stripe, hors du site. C’est enregistré comme un remboursement de la commande (unités non remises en stock\u00a0; les pièces sur mesure pas encore commencées quittent la production en premier).`,
        dispute_opened: (id: string, amount: string) =>
          `L’acheteur a contesté ${amount} de la commande ${id} auprès de sa banque. La commande est en attente\u00a0: elle n’est ni expédiée ni remise, et ses pièces sur mesure ne bougent pas en production, jusqu’à la clôture de la contestation. Répondez-y dans le tableau de bord de Stripe.`,
        dispute_won: (id: string, amount: string) =>
          `La contestation de ${amount} sur la commande ${id} a été close en faveur de l’atelier. L’attente est levée.`,
        dispute_lost: (id: string, amount: string) =>
          `La contestation de ${amount} sur la commande ${id} a été perdue\u00a0: l’argent est retourné à l’acheteur. C’est enregistré comme un remboursement de la commande, et l’attente est levée.`,
      },
      dueBy: (date: string) => `Répondre d’ici le\u00a0: ${date}`,
      reason: (reason: string) => `Motif selon Stripe\u00a0: ${reason}`,
    },
    buyerMessage: {
      subject: (id: string) => `Le client a écrit sur la commande ${id}`,
      intro: (id: string, name: string) => `${name} a écrit sur la commande ${id}\u00a0:`,
      aBuyer: "Le client",
      kinds: {
        approval_request: "(Approbation demandée)",
        approved: "✔ A approuvé la pièce terminée.",
        change_requested: "A demandé une modification de la pièce terminée\u00a0:",
      },
    },
    backupFailed: {
      subject: "Une sauvegarde de l’atelier a échoué",
      intro:
        "Le site n’a pas pu sauvegarder les données de l’atelier (base de données et fichiers). Tant qu’aucune sauvegarde ne réussit, une panne de disque les ferait perdre. Administration → Sauvegardes montre les dernières sauvegardes et permet d’en faire une tout de suite.",
      reason: (reason: string) => `Ce qui n’a pas fonctionné\u00a0: ${reason}`,
      overdueSubject: "Aucune sauvegarde de l’atelier depuis 48\u00a0heures",
      overdueIntro:
        "Aucune sauvegarde des données de l’atelier n’a réussi dans les 48\u00a0dernières heures\u00a0: le site est peut-être arrêté à l’heure de la sauvegarde de nuit, ou la sauvegarde ne se termine pas. Administration → Sauvegardes montre les dernières sauvegardes et permet d’en faire une tout de suite.",
    },
    lowStock: {
      subject: (name: string, stock: number) => `Stock bas\u00a0: ${name} (${stock} en rayon)`,
      intro: (name: string, stock: number, threshold: number) =>
        `${name}\u00a0: plus que ${stock}\u00a0${stock <= 1 ? "unité" : "unités"} en rayon (sous votre seuil de ${threshold}).`,
    },
  },
};
