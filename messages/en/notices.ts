/** The studio's notices: their settings (Admin → Settings) and the e-mails themselves. */
export const notices = {
  heading: "Notices by e-mail",
  intro:
    "The studio is told by e-mail of what needs it. Turn each notice on or off and choose where it goes; they are written in the language chosen here and sent through the outbox like every other e-mail.",
  kinds: {
    paid_order: "Each paid order (number, lines, delivery or pickup, address, total)",
    quote_request: "Each custom print a buyer asks the studio to price",
    quote_review: "Each custom print the site could not price by itself (needs a person)",
    refund_failed: "Each refund the payment processor refused",
    low_stock: "Each item whose stock falls below the threshold",
    processor_money: "Each refund made in Stripe's dashboard and each dispute (chargeback) of a card payment",
    backup_failed: "Each backup that failed, and 48 hours without a backup",
    buyer_message: "Each message a buyer writes on an order (one e-mail for several in a row)",
  },
  enabled: "On",
  to: "Send to",
  locale: "Language of the notices",
  locales: { en: "English", fr: "French" },
  threshold: "Low stock threshold (units on the shelf)",
  thresholdHint: "An item is reported once, when a sale takes its stock from this number or more to below it.",
  save: "Save the notices",
  errors: {
    invalidEmail: "Enter an e-mail address, like studio@example.com.",
    required: "A notice that is on needs an address.",
    invalidThreshold: "The threshold is a whole number from 0.",
    invalidLocale: "Choose English or French.",
  },
  list: {
    nav: "Notices",
    title: "Notices",
    intro:
      "What happened in the studio that needs you: paid orders, price requests, custom prints to review, refunds the processor refused, low stock. Each one opens its page and is then marked read for you; the other admins keep their own.",
    caption: "The studio's notices, newest first",
    none: "Nothing yet: a paid order, a price request or low stock will show here.",
    unreadCount: (count: number) => (count === 1 ? "1 unread" : `${count} unread`),
    markAllRead: "Mark all as read",
    allRead: "Every notice is marked read.",
    columns: { notice: "Notice", when: "When", state: "State" },
    unread: "Unread",
    read: "Read",
    paidOrder: (id: string, amount: string) => `Order ${id} paid (${amount})`,
    quoteRequest: (file: string) => `Price request: ${file}`,
    quoteReview: (file: string, reason: string) => `Custom print to review: ${file} (${reason})`,
    refundFailed: (id: string, amount: string) => `Refund refused by the processor: order ${id} (${amount})`,
    lowStock: (name: string, stock: number) => `Low stock: ${name} (${stock} left)`,
    processorMoney: {
      refunded: (id: string, amount: string) => `Refunded in Stripe's dashboard: order ${id} (${amount})`,
      dispute_opened: (id: string, amount: string, dueBy?: string) =>
        `Payment disputed: order ${id} (${amount}), on hold${dueBy ? `; answer in Stripe by ${dueBy}` : ""}`,
      dispute_won: (id: string, amount: string) => `Dispute won: order ${id} (${amount})`,
      dispute_lost: (id: string, amount: string) => `Dispute lost: order ${id} (${amount})`,
    },
    backupFailed: "A backup failed",
    backupOverdue: "No backup in the last 48 hours",
    buyerMessage: (id: string) => `The buyer wrote on order ${id}`,
    aCustomPrint: "a custom print",
    anItem: "an item",
    badPage: "The page number in the address is not a page of this list.",
    gone: "This notice no longer exists.",
  },
  mail: {
    signature: "— the studio's website",
    paidOrder: {
      subject: (id: string, total: string) => `Paid order ${id} (${total})`,
      intro: (id: string) => `Order ${id} has been paid.`,
      buyer: (name: string, email: string, phone: string | null) =>
        `Buyer: ${name} <${email}>${phone ? `, ${phone}` : ""}`,
      lines: "Lines:",
      line: (quantity: number, name: string, unit: string, total: string) =>
        `- ${quantity} × ${name} at ${unit} = ${total}`,
      subtotal: (amount: string) => `Subtotal: ${amount}`,
      shipping: (amount: string) => `Shipping: ${amount}`,
      tax: (name: string, amount: string) => `${name}: ${amount}`,
      total: (amount: string) => `Total: ${amount}`,
      ship: "Delivery: ship to",
      pickup: "Delivery: pickup at the studio",
      noDelivery: "Delivery: not recorded",
    },
    quoteRequest: {
      subject: (file: string) => `Price request: ${file}`,
      intro: "A buyer asks the studio to price a custom print.",
    },
    quoteReview: {
      subject: (file: string) => `Custom print to review: ${file}`,
      intro: (reason: string) =>
        `The site could not price this custom print by itself (${reason}). A person should look at it.`,
      reasons: {
        "too-big": "too big for the printers",
        "not-manifold": "the model is not watertight",
        "slicer-missing": "the slicer is not installed",
        "slicer-failed": "the slicer failed",
      } as Record<string, string>,
      otherReason: "the slicer failed",
    },
    quote: {
      file: (name: string) => `File: ${name}`,
      options: (material: string, colour: string, quality: string, infill: number, quantity: number) =>
        `Options: ${material}, ${colour}, ${quality}, ${infill}% infill, quantity ${quantity}`,
      contact: (email: string) => `Buyer's e-mail: ${email}`,
      anonymous: "Buyer: not signed in, no e-mail given yet",
      note: (note: string) => `Their note: ${note}`,
    },
    refundFailed: {
      subject: (id: string, amount: string) => `Refund failed: order ${id} (${amount})`,
      intro: (id: string, amount: string) =>
        `The payment processor refused a refund of ${amount} on order ${id}. Nothing was refunded; try again or refund the buyer another way.`,
      reason: (reason: string) => `The processor said: ${reason}`,
    },
    processorMoney: {
      subject: {
        refunded: (id: string, amount: string) => `Refunded in Stripe: order ${id} (${amount})`,
        dispute_opened: (id: string, amount: string) => `Payment disputed: order ${id} (${amount})`,
        dispute_won: (id: string, amount: string) => `Dispute won: order ${id} (${amount})`,
        dispute_lost: (id: string, amount: string) => `Dispute lost: order ${id} (${amount})`,
      },
      intro: {
        refunded: (id: string, amount: string) =>
          `${amount} of order ${id} was refunded in Stripe's dashboard, outside the site. It is recorded as a refund of the order (units not put back on the shelf; custom parts not yet started leave production first).`,
        dispute_opened: (id: string, amount: string) =>
          `The buyer disputed ${amount} of order ${id} with their bank. The order is on hold: it is not shipped or handed over, and its custom parts are not moved in production, until the dispute closes. Answer it in Stripe's dashboard.`,
        dispute_won: (id: string, amount: string) =>
          `The dispute of ${amount} on order ${id} closed in the studio's favour. The hold is lifted.`,
        dispute_lost: (id: string, amount: string) =>
          `The dispute of ${amount} on order ${id} was lost: the money went back to the buyer. It is recorded as a refund of the order, and the hold is lifted.`,
      },
      dueBy: (date: string) => `Answer by: ${date}`,
      reason: (reason: string) => `Stripe's reason: ${reason}`,
    },
    buyerMessage: {
      subject: (id: string) => `The buyer wrote on order ${id}`,
      intro: (id: string, name: string) => `${name} wrote on order ${id}:`,
      aBuyer: "The buyer",
      kinds: {
        approval_request: "(Asked for approval)",
        approved: "✔ Approved the finished part.",
        change_requested: "Asked for a change to the finished part:",
      },
    },
    backupFailed: {
      subject: "A backup of the studio failed",
      intro:
        "The site could not back up the studio's records (database and files). Until a backup succeeds, a disk failure would lose them. Admin → Backups shows the last backups and can take one now.",
      reason: (reason: string) => `What went wrong: ${reason}`,
      overdueSubject: "No backup of the studio in 48 hours",
      overdueIntro:
        "No backup of the studio's records has succeeded in the last 48 hours: the site may be stopped at the time of the night backup, or the backup may not finish. Admin → Backups shows the last backups and can take one now.",
    },
    lowStock: {
      subject: (name: string, stock: number) => `Low stock: ${name} (${stock} left)`,
      intro: (name: string, stock: number, threshold: number) =>
        `${name} is down to ${stock} ${stock === 1 ? "unit" : "units"} on the shelf (below your threshold of ${threshold}).`,
    },
  },
};
