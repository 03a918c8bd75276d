/** The words of every e-mail the site sends (server/mail/emails), HTML and text alike. */
export const emails = {
  common: {
    greeting: (name: string) => `Hello ${name},`,
    greetingNoName: "Hello,",
    signature: (studio: string) => `The ${studio} team`,
    footerAbout: (studio: string) => `You receive this e-mail from ${studio} about your account or your orders.`,
    phone: (phone: string) => `Phone: ${phone}`,
    buttonFallback: "If the button does not work, copy this address into your browser:",
  },
  verify: {
    subject: "Verify your email address",
    intro: "Please confirm that this address is yours by opening this link within 24 hours:",
    action: "Verify my address",
    ignore: "If you did not create an account or change your address, ignore this email.",
  },
  reset: {
    subject: "Reset your password",
    intro:
      "Someone asked to reset the password of your account. To choose a new password, open this link within one hour:",
    action: "Choose a new password",
    ignore: "If it was not you, ignore this email: your password stays as it is.",
  },
  existingAccount: {
    subject: "You already have an account",
    intro: "Someone tried to create an account with this email address, which already has one: yours.",
    logIn: "If it was you, log in here:",
    logInAction: "Log in",
    reset: "Forgot your password? Choose a new one here:",
    resetAction: "Choose a new password",
    ignore: "If it was not you, ignore this email: nothing has changed.",
  },
  order: {
    number: (id: string) => `Order: ${id}`,
    paidOn: (date: string) => `Paid on: ${date}`,
    line: (countedName: string, unit: string) => `${countedName} (${unit})`,
    subtotal: "Subtotal",
    discount: (code: string) => (code ? `Discount (${code})` : "Discount"),
    shipping: "Shipping",
    total: "Total paid",
    deliverTo: "Delivery to:",
    pickupAt: "Pickup at the studio:",
    hours: (hours: string) => `Hours: ${hours}`,
    follow: "Follow your order",
  },
  receipt: {
    subject: (id: string, studio: string) => `${studio}: receipt for order ${id}`,
    preview: (id: string, total: string) => `Order ${id}: ${total} paid`,
    heading: "Thank you for your order",
    intro: "Your payment was received; here is your receipt.",
  },
  shipped: {
    subject: (id: string, studio: string) => `${studio}: order ${id} has shipped`,
    intro: (id: string, carrier: string) => `Your order ${id} has shipped with ${carrier}.`,
    tracking: "Tracking number:",
    track: "Track the parcel",
  },
  ready: {
    subject: (id: string, studio: string) => `${studio}: order ${id} is ready for pickup`,
    intro: (id: string) => `Your order ${id} is ready. Pick it up at:`,
  },
  pickedUp: {
    subject: (id: string, studio: string) => `${studio}: order ${id} picked up, thank you`,
    intro: (id: string) => `You picked up your order ${id}. Thank you for buying from us!`,
  },
  refund: {
    subject: (id: string, studio: string) => `${studio}: order ${id} was refunded`,
    partSubject: (id: string, studio: string) => `${studio}: a refund on order ${id}`,
    intro: (id: string, amount: string) =>
      `Your order ${id} was cancelled and ${amount} was refunded to your card. It may take a few days to appear on your statement.`,
    partIntro: (id: string, amount: string) =>
      `We refunded ${amount} on your order ${id} to your card. It may take a few days to appear on your statement.`,
    details: "Refunded",
    total: "Total refunded",
    seeOrder: "See your order",
  },
  quotePriced: {
    subject: "Your custom print has been priced",
    intro: (name: string, price: string) => `The studio has priced your part “${name}”: ${price}.`,
    action: "See it and order it",
    noCharge: "Nothing is charged until you accept this price.",
  },
  quoteDeclined: {
    subject: "About your custom print",
    intro: (name: string) => `The studio cannot print your part “${name}”:`,
    action: "See your quote",
    questions: "Reply to this e-mail if you have questions.",
  },
  contactMessage: {
    subject: (name: string, projectType: string) => `New message from ${name} (${projectType})`,
    name: (value: string) => `Name: ${value}`,
    email: (value: string) => `Email: ${value}`,
    phone: (value: string) => `Phone: ${value}`,
    projectType: (value: string) => `Project type: ${value}`,
    newsletter: (value: string) => `Newsletter: ${value}`,
    language: (value: string) => `Language: ${value}`,
    yes: "yes",
    no: "no",
    languages: { en: "English", fr: "French" },
    replyHint: "Reply to this e-mail to answer the visitor directly.",
  },
  paymentFailed: {
    subject: (id: string, studio: string) => `${studio}: the payment for order ${id} did not go through`,
    intro: (id: string, total: string) => `The payment of ${total} for your order ${id} did not go through:`,
    noCharge:
      "Nothing was charged. Your order is kept for you while its hold lasts; you can pay it with this or another card:",
    action: "Pay for my order",
  },
  emailChange: {
    subject: "Confirm your new email address",
    intro: "You asked to use this address for your account. To confirm it, open this link within 24 hours:",
    action: "Confirm my new address",
    ignore: "If you did not ask for this, ignore this email: nothing changes until the link is opened.",
  },
  quoteReview: {
    subject: "The studio will price your custom print",
    intro: (name: string) =>
      `We received your request: a person at the studio will look at your part “${name}” and write to you at this address with a price, or with what stops it from being printed.`,
    note: "Your note:",
    action: "See your quote",
    noCharge: "Nothing is charged until you accept a price.",
  },
  contactReceived: {
    subject: (studio: string) => `${studio} received your message`,
    intro: "Thank you for writing to us. We received your message and will answer you at this address soon.",
    copy: "Your message:",
    notYou: "If you did not write to us, ignore this email.",
  },
  guestOrder: {
    subject: (id: string, studio: string) => `Your order ${id} at ${studio}`,
    intro: (id: string) =>
      `Thank you for your order ${id}. This link opens your order, and its invoice once it is paid:`,
    action: "Open my order",
    keep: "Keep this e-mail: anyone who has the link can see the order.",
  },
  conversation: {
    subject: (id: string, studio: string) => `${studio} wrote to you about order ${id}`,
    intro: (id: string) => `We wrote to you about your order ${id}:`,
    answer: "You can answer on the order's page:",
    open: "Open the conversation",
  },
  notice: {
    open: "Open it in the admin",
    footerAbout: (studio: string) =>
      `A notice from ${studio}'s website. Choose which notices you get in Admin → Settings.`,
  },
};
