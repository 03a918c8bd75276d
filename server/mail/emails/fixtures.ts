import type { Locale } from "../../../domain/locale.ts";
import { messagesFor } from "../../../messages/messages.server.ts";
import type { EmailContext } from "./layout.ts";
import {
  contactMessageEmail,
  contactReceivedEmail,
  emailChangeEmail,
  existingAccountEmail,
  guestOrderEmail,
  conversationEmail,
  paymentFailedEmail,
  quoteDeclinedEmail,
  quotePricedEmail,
  quoteReviewEmail,
  readyForPickupEmail,
  pickedUpEmail,
  receiptEmail,
  refundEmail,
  resetPasswordEmail,
  shippedEmail,
  studioNoticeEmail,
  verifyEmail,
  type EmailTemplate,
} from "./templates.ts";

/** Fixture data for each e-mail: the tests render them, and so does the screenshot script. */
export function fixtureContext(locale: Locale): EmailContext {
  return {
    locale,
    m: messagesFor(locale).emails,
    studio: {
      name: "Forge & Filament",
      email: "hello@forgefilament.example",
      phone: "+1 514 555 0199",
      street: "123 Rue Saint-Paul",
      city: "Montréal, QC H2Y 1H1",
    },
    logoUrl: null,
    publicUrl: "https://forgefilament.example",
  };
}

const site = "https://forgefilament.example";
const page = (locale: Locale, path: string) => `${site}${locale === "fr" ? "/fr" : ""}${path}`;

type Fixture = { name: string; template: EmailTemplate<never>; data: (locale: Locale) => unknown };
const fixture = <Data>(
  name: string,
  template: EmailTemplate<Data>,
  data: (locale: Locale) => NoInfer<Data>,
): Fixture => ({
  name,
  template: template as EmailTemplate<never>,
  data,
});

const taxes = (locale: Locale) =>
  locale === "fr"
    ? [
        { label: "TPS (5\u00a0%)", amountCents: 308 },
        { label: "TVQ (9,975\u00a0%)", amountCents: 614 },
      ]
    : [
        { label: "GST (5%)", amountCents: 308 },
        { label: "QST (9.975%)", amountCents: 614 },
      ];

export const fixtures: Fixture[] = [
  fixture("verify", verifyEmail, (locale) => ({
    name: "Ann",
    url: `${site}/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(page(locale, "/verify"))}`,
  })),
  fixture("reset-password", resetPasswordEmail, (locale) => ({
    name: "Ann",
    url: `${page(locale, "/reset-password")}?token=abc`,
  })),
  fixture("email-change", emailChangeEmail, (locale) => ({
    name: "Ann",
    url: `${site}/api/auth/verify-email?token=abc&callbackURL=${encodeURIComponent(page(locale, "/verify"))}`,
  })),
  fixture("existing-account", existingAccountEmail, (locale) => ({
    name: "Ann",
    logInUrl: page(locale, "/login"),
    resetUrl: page(locale, "/forgot-password"),
  })),
  fixture("conversation", conversationEmail, (locale) => ({
    name: "Ann Tremblay",
    orderId: "ORD-7K2Q",
    orderUrl: `${page(locale, "/orders/ORD-7K2Q")}?key=k3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk#conversation`,
    messages: [
      "Your part is printed.\nDo you want it sanded? See https://forgefilament.example/finishes",
      "<b>Thanks</b>",
    ],
  })),
  fixture("guest-order", guestOrderEmail, (locale) => ({
    name: "Ann Tremblay",
    orderId: "ORD-7K2Q",
    orderUrl: `${page(locale, "/orders/ORD-7K2Q")}?key=k3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk3yK3yk`,
  })),
  fixture("receipt", receiptEmail, (locale) => ({
    name: "Ann",
    paidAt: new Date("2026-03-14T15:30:00Z"),
    orderUrl: page(locale, "/orders/ORD-7K2Q"),
    order: {
      orderId: "ORD-7K2Q",
      currency: "CAD",
      lines: [
        { quantity: 2, name: locale === "fr" ? "Vase spirale" : "Spiral vase", unitCents: 2400 },
        { quantity: 1, name: locale === "fr" ? "Support de casque" : "Headphone stand", unitCents: 1250 },
      ],
      delivery: {
        method: "ship" as const,
        addressLines: ["Ann Tremblay", "45 Avenue du Parc", "Montréal QC H2V 4E7", "Canada"],
        subtotalCents: 6050,
        shippingCents: 1500,
      },
      taxes: taxes(locale),
      totalCents: 8472,
    },
  })),
  fixture("receipt-pickup", receiptEmail, (locale) => ({
    name: "Ann",
    paidAt: new Date("2026-03-14T15:30:00Z"),
    orderUrl: page(locale, "/orders/ORD-8P3R"),
    order: {
      orderId: "ORD-8P3R",
      currency: "CAD",
      lines: [{ quantity: 1, name: locale === "fr" ? "Vase spirale" : "Spiral vase", unitCents: 2400 }],
      delivery: {
        method: "pickup" as const,
        address: "123 Rue Saint-Paul\nMontréal, QC H2Y 1H1",
        hours:
          locale === "fr" ? "du mardi au samedi, de 10\u00a0h à 17\u00a0h" : "Tuesday to Saturday, 10 a.m. to 5 p.m.",
        subtotalCents: 2400,
        shippingCents: 0,
      },
      taxes: [],
      totalCents: 2400,
    },
  })),
  fixture("payment-failed", paymentFailedEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-7K2Q",
    orderUrl: page(locale, "/orders/ORD-7K2Q"),
    payUrl: page(locale, "/payment/ORD-7K2Q"),
    totalCents: 8472,
    currency: "CAD",
    reason: locale === "fr" ? "Votre carte a été refusée." : "Your card was declined.",
  })),
  fixture("shipped", shippedEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-7K2Q",
    orderUrl: page(locale, "/orders/ORD-7K2Q"),
    carrier: locale === "fr" ? "Postes Canada" : "Canada Post",
    trackingNumber: "1234567890123456",
    trackingUrl: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456",
  })),
  fixture("ready-for-pickup", readyForPickupEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-8P3R",
    orderUrl: page(locale, "/orders/ORD-8P3R"),
    address: "123 Rue Saint-Paul\nMontréal, QC H2Y 1H1",
    hours: locale === "fr" ? "du mardi au samedi, de 10\u00a0h à 17\u00a0h" : "Tuesday to Saturday, 10 a.m. to 5 p.m.",
  })),
  fixture("picked-up", pickedUpEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-8P3R",
    orderUrl: page(locale, "/orders/ORD-8P3R"),
  })),
  fixture("refund-cancelled", refundEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-7K2Q",
    orderUrl: page(locale, "/orders/ORD-7K2Q"),
    cancelled: true,
    currency: "CAD",
    amountCents: 8472,
    lines: [
      { quantity: 2, name: locale === "fr" ? "Vase spirale" : "Spiral vase", amountCents: 4800 },
      { quantity: 1, name: locale === "fr" ? "Support de casque" : "Headphone stand", amountCents: 1250 },
    ],
    shippingCents: 1500,
    taxes: taxes(locale),
  })),
  fixture("refund-part", refundEmail, (locale) => ({
    name: "Ann",
    orderId: "ORD-7K2Q",
    orderUrl: page(locale, "/orders/ORD-7K2Q"),
    cancelled: false,
    currency: "CAD",
    amountCents: 2759,
    lines: [
      {
        quantity: 1,
        name:
          locale === "fr"
            ? "Impression sur mesure\u00a0: bracket-block.stl × 6"
            : "Custom print: bracket-block.stl × 6",
        amountCents: 2400,
        kind: "custom_print" as const,
      },
    ],
    shippingCents: 0,
    taxes:
      locale === "fr"
        ? [
            { label: "TPS (5\u00a0%)", amountCents: 120 },
            { label: "TVQ (9,975\u00a0%)", amountCents: 239 },
          ]
        : [
            { label: "GST (5%)", amountCents: 120 },
            { label: "QST (9.975%)", amountCents: 239 },
          ],
  })),
  fixture("quote-priced", quotePricedEmail, (locale) => ({
    fileName: "bracket-v3.stl",
    totalCents: 4250,
    currency: "CAD",
    quoteUrl: page(locale, "/quote/q_123"),
  })),
  fixture("quote-declined", quoteDeclinedEmail, (locale) => ({
    fileName: "bracket-v3.stl",
    reason: locale === "fr" ? "les parois font moins de 0,4 mm." : "the walls are thinner than 0.4 mm.",
    quoteUrl: page(locale, "/quote/q_123"),
  })),
  fixture("quote-review", quoteReviewEmail, (locale) => ({
    fileName: "bracket-v3.stl",
    note: locale === "fr" ? "Il manque le dessus,\nc’est voulu." : "The top is open,\non purpose.",
    quoteUrl: page(locale, "/quote?q=q_123"),
  })),
  fixture("contact-received", contactReceivedEmail, (locale) => ({
    name: "Marc Gagnon",
    message:
      locale === "fr"
        ? "Bonjour,\nPouvez-vous imprimer 20 boîtiers en PETG?"
        : "Hello,\nCould you print 20 enclosures in PETG?",
  })),
  fixture("contact-message", contactMessageEmail, () => ({
    name: "Marc Gagnon",
    email: "marc@example.com",
    phone: "514 555 0100",
    projectType: "Prototype",
    newsletter: false,
    language: "fr" as const,
    message: "Bonjour,\nPouvez-vous imprimer 20 boîtiers en PETG?",
  })),
  fixture("notice-paid-order", studioNoticeEmail, (locale) => {
    const m = messagesFor(locale).notices.mail.paidOrder;
    return {
      subject: m.subject("ORD-7K2Q", locale === "fr" ? "84,72\u00a0$" : "$84.72"),
      lines: [
        m.intro("ORD-7K2Q"),
        m.buyer("Ann Tremblay", "ann@example.com", "514-555-0142"),
        "",
        m.lines,
        m.line(2, "Spiral vase", "$24.00", "$48.00"),
        "",
        m.pickup,
        "",
        m.total("$84.72"),
      ],
      link: `${page(locale, "/admin/orders/ORD-7K2Q")}`,
      signature: messagesFor(locale).notices.mail.signature,
    };
  }),
  fixture("notice-low-stock", studioNoticeEmail, (locale) => {
    const m = messagesFor(locale).notices.mail.lowStock;
    return {
      subject: m.subject("Spiral vase", 2),
      lines: [m.intro("Spiral vase", 2, 3)],
      link: page(locale, "/admin/inventory/item_1"),
      signature: messagesFor(locale).notices.mail.signature,
    };
  }),
];
