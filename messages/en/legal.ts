/** The studio's details the legal pages name (config.studio, given by the root loader). */
export type LegalStudio = { name: string; email: string; phone: string; city: string };

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalDocument = { title: string; description: string; intro: string; sections: LegalSection[] };

export const legal = {
  updated: (date: string) => `Last updated: ${date}`,
  footerLegal: "Legal",
  privacy: (studio: LegalStudio): LegalDocument => ({
    title: "Privacy policy",
    description: `What ${studio.name} collects about you, why, for how long, and how to see, correct or delete it.`,
    intro: `${studio.name} is a small 3D-printing studio in ${studio.city}. We collect only what we need to sell you prints, answer your messages and keep the site safe. This policy follows Quebec’s Act respecting the protection of personal information in the private sector (as amended by Law 25) and Canada’s PIPEDA.`,
    sections: [
      {
        heading: "Who is responsible for your personal information",
        paragraphs: [
          `The person in charge of the protection of personal information is the studio’s owner. Write to ${studio.email} or call ${studio.phone}, or write to ${studio.name}, ${studio.city}, Canada. Every question or request about your information goes to this person.`,
        ],
      },
      {
        heading: "What we collect and why",
        paragraphs: [
          "Your account: your username, your e-mail address and your password (kept only as a one-way hash, never readable). We use them to sign you in and to show you your orders.",
          "Your orders: the items, quantities, prices, taxes and dates, and the delivery details you give us. We use them to make, ship or hand over your order and to keep the accounting records the law requires.",
          "Card payments are handled by our payment processor. We never see or keep your full card number; we keep the payment’s status and, at most, the card’s last four digits.",
          "Your messages: the name, e-mail address, optional phone number, project type and message you send through the contact form, to answer you. If you tick the newsletter box, we keep that consent with its date and the words you agreed to; the box is never ticked for you.",
          "Technical information: a session cookie while you are signed in, a cookie for your language and theme choices, and the address of your connection for a short time, to stop abuse (too many attempts). We use no advertising or tracking cookies and no third-party analytics.",
        ],
      },
      {
        heading: "Who we share it with",
        paragraphs: [
          "We never sell or rent your information. We share it only as needed to serve you: with the payment processor for a card payment, with the carrier that delivers your parcel (name and address), and with the service that sends our e-mails. Each is bound to use it only for that purpose.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "Your account: until you delete it.",
          "Orders: six years after the end of the tax year of the order, as tax law requires. When you delete your account, your orders are kept without your name or e-mail address.",
          "Messages: up to two years after our last exchange, then deleted; sooner if you ask.",
          "Connection addresses used against abuse: a few hours at most.",
        ],
      },
      {
        heading: "Your rights: access, correction, deletion",
        paragraphs: [
          "You may see the information we hold about you, have it corrected, and have it deleted. When signed in, your profile lets you download all of it as a file (“Download my data”) and delete your account (“Delete my account”).",
          `For anything else, or if you have no account, write to ${studio.email}. We answer within 30 days. You may withdraw your newsletter consent at any time by replying to a newsletter or writing to us.`,
          "If you are not satisfied with our answer, you may complain to the Commission d’accès à l’information du Québec.",
        ],
      },
      {
        heading: "Security and incidents",
        paragraphs: [
          "Access to your information is limited to the studio’s staff who need it. The site is served over an encrypted connection, passwords are hashed, and the admin area requires an admin account. If an incident puts your information at risk of serious harm, we will tell you and the Commission d’accès à l’information promptly.",
        ],
      },
    ],
  }),
  terms: (studio: LegalStudio): LegalDocument => ({
    title: "Terms of sale",
    description: `How buying from ${studio.name} works: prices, payment, delivery and pickup.`,
    intro: `These terms apply to every purchase from the ${studio.name} online store. They do not limit the rights you have under Quebec’s Consumer Protection Act or the law of your province.`,
    sections: [
      {
        heading: "Prices and taxes",
        paragraphs: [
          "Prices are in Canadian dollars. The price charged is the one shown when you place your order; a later change does not affect it. Sales taxes, and shipping when it applies, are shown before you pay.",
        ],
      },
      {
        heading: "Ordering and payment",
        paragraphs: [
          "An order is a firm request once you place it: we set its items aside for you for a limited time while you pay by card. If you do not pay in that time, the order expires and the items go back on sale. Your order is confirmed when the payment succeeds; you can follow it from your profile.",
          "If an item turns out to be unavailable after all, we tell you and refund it in full.",
        ],
      },
      {
        heading: "Delivery and pickup",
        paragraphs: [
          `We ship within Canada, with tracking, usually within 3 to 5 business days of payment for items in stock. You may also pick up your order at the studio in ${studio.city}, by appointment. Custom work has the date agreed in its quote.`,
          "The parcel is at our risk until it is delivered to you. If it arrives damaged or not at all, tell us and we will replace or refund it.",
        ],
      },
      {
        heading: "Returns and warranty",
        paragraphs: [
          "Returns and refunds follow our return policy. Every item is covered by the legal warranty of quality: it must be fit for its normal use for a reasonable time.",
        ],
      },
      {
        heading: "Contact and law",
        paragraphs: [
          `Questions about an order: ${studio.email} or ${studio.phone}. These terms are governed by the laws of Quebec and of Canada.`,
        ],
      },
    ],
  }),
  returns: (studio: LegalStudio): LegalDocument => ({
    title: "Returns and refunds",
    description: `Changed your mind or received a faulty print? How returns and refunds work at ${studio.name}.`,
    intro: "We want you to be happy with your print. Here is what we take back, and how you get your money back.",
    sections: [
      {
        heading: "Changed your mind",
        paragraphs: [
          "You may return an item from the store within 30 days of receiving it, unused and in its original condition. Return shipping is yours to pay, or bring it back to the studio by appointment.",
          "Items made or customised for you (a custom print, a painted piece, a part made to your measurements or file) cannot be returned for a change of mind, because nobody else can use them.",
        ],
      },
      {
        heading: "Faulty, damaged or wrong item",
        paragraphs: [
          "If an item arrives broken, faulty or is not what you ordered, tell us within 30 days with a photo. We replace it or refund it in full, shipping included, at no cost to you. This does not limit the legal warranty, which lasts beyond 30 days.",
        ],
      },
      {
        heading: "How to return",
        paragraphs: [
          `Write to ${studio.email} with your order number and what is wrong. We answer within two business days with what to do next.`,
        ],
      },
      {
        heading: "Refunds",
        paragraphs: [
          "Refunds go back to the card used to pay, within 10 business days of receiving the returned item (or of our agreement, when no return is needed). Your bank may take a few more days to show it. An order cancelled before it is shipped is refunded in full.",
        ],
      },
    ],
  }),
};
