import { createElement as h, type ReactElement } from "react";
import { countedName, type LineKind } from "../../../domain/refund-view.ts";
import { intlLocale } from "../../../domain/locale.ts";
import { formatMoney } from "../../../domain/money.ts";
import {
  Action,
  Amounts,
  EmailLayout,
  Greeting,
  Heading,
  Lines,
  P,
  Signature,
  type AmountRow,
  type EmailContext,
} from "./layout.ts";

// Written with createElement rather than JSX: scripts run these files with Node's type stripping,
// which reads .ts and not .tsx.

/** One e-mail: its subject and its body, both from its data and the recipient's catalogue. */
export type EmailTemplate<Data> = {
  subject: (data: Data, c: EmailContext) => string;
  Body: (props: { data: Data; c: EmailContext }) => ReactElement;
};

const money = (c: EmailContext, cents: number, currency: string) => formatMoney(cents, currency, c.locale);
const muted = (text: string) => h(P, { muted: true }, text);

type Account = { name: string; url: string };

export const verifyEmail: EmailTemplate<Account> = {
  subject: (_, c) => c.m.verify.subject,
  Body: ({ data, c }) =>
    h(
      EmailLayout,
      { c, title: c.m.verify.subject },
      h(Greeting, { c, name: data.name }),
      h(P, null, c.m.verify.intro),
      h(Action, { href: data.url }, c.m.verify.action),
      muted(c.m.verify.ignore),
      h(Signature, { c }),
    ),
};

export const resetPasswordEmail: EmailTemplate<Account> = {
  subject: (_, c) => c.m.reset.subject,
  Body: ({ data, c }) =>
    h(
      EmailLayout,
      { c, title: c.m.reset.subject },
      h(Greeting, { c, name: data.name }),
      h(P, null, c.m.reset.intro),
      h(Action, { href: data.url }, c.m.reset.action),
      muted(c.m.reset.ignore),
      h(Signature, { c }),
    ),
};

export const existingAccountEmail: EmailTemplate<{ name: string; logInUrl: string; resetUrl: string }> = {
  subject: (_, c) => c.m.existingAccount.subject,
  Body: ({ data, c }) => {
    const m = c.m.existingAccount;
    return h(
      EmailLayout,
      { c, title: m.subject },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro),
      h(P, null, m.logIn),
      h(Action, { href: data.logInUrl }, m.logInAction),
      h(P, null, m.reset),
      h(Action, { href: data.resetUrl }, m.resetAction),
      muted(m.ignore),
      h(Signature, { c }),
    );
  },
};

export type OrderSummary = {
  orderId: string;
  currency: string;
  lines: { quantity: number; name: string; unitCents: number; kind?: LineKind }[];
  /** Absent for orders placed before delivery was recorded. */
  delivery:
    | { method: "ship"; addressLines: string[]; subtotalCents: number; shippingCents: number }
    | { method: "pickup"; address: string; hours: string; subtotalCents: number; shippingCents: number }
    | null;
  /** The studio's discount on the goods and the code typed for it (decision 080); absent without one. */
  discount?: { cents: number; code: string | null };
  taxes: { label: string; amountCents: number }[];
  totalCents: number;
};

function orderRows(order: OrderSummary, c: EmailContext): AmountRow[] {
  const m = c.m.order;
  const cash = (cents: number) => money(c, cents, order.currency);
  const rows: AmountRow[] = order.lines.map((line) => ({
    label: m.line(countedName(line.quantity, line.name, line.kind), cash(line.unitCents)),
    amount: cash(line.unitCents * line.quantity),
  }));
  if (order.delivery) {
    rows.push({ label: m.subtotal, amount: cash(order.delivery.subtotalCents) });
    if (order.discount && order.discount.cents > 0)
      rows.push({ label: m.discount(order.discount.code ?? ""), amount: cash(-order.discount.cents) });
    rows.push({ label: m.shipping, amount: cash(order.delivery.shippingCents) });
  }
  rows.push(...order.taxes.map((tax) => ({ label: tax.label, amount: cash(tax.amountCents) })));
  rows.push({ label: m.total, amount: cash(order.totalCents), strong: true });
  return rows;
}

function deliveryLines(order: OrderSummary, c: EmailContext): string[] | null {
  const delivery = order.delivery;
  if (!delivery) return null;
  const m = c.m.order;
  return delivery.method === "ship"
    ? [m.deliverTo, ...delivery.addressLines]
    : [m.pickupAt, ...delivery.address.split("\n"), m.hours(delivery.hours)];
}

/** The buyer's receipt: order number and date, each line, delivery, shipping, each tax and the total. */
export const receiptEmail: EmailTemplate<{ name: string; paidAt: Date; orderUrl: string; order: OrderSummary }> = {
  subject: (data, c) => c.m.receipt.subject(data.order.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.receipt;
    const date = new Intl.DateTimeFormat(intlLocale(c.locale), {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "America/Toronto",
    }).format(data.paidAt);
    const delivery = deliveryLines(data.order, c);
    return h(
      EmailLayout,
      {
        c,
        title: m.subject(data.order.orderId, c.studio.name),
        preview: m.preview(data.order.orderId, money(c, data.order.totalCents, data.order.currency)),
      },
      h(Heading, null, m.heading),
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro),
      h(Lines, { lines: [c.m.order.number(data.order.orderId), c.m.order.paidOn(date)] }),
      h(Amounts, { rows: orderRows(data.order, c) }),
      delivery ? h(Lines, { lines: delivery }) : null,
      h(Action, { href: data.orderUrl }, c.m.order.follow),
      h(Signature, { c }),
    );
  },
};

type OrderMailBase = { name: string; orderId: string; orderUrl: string };

export const shippedEmail: EmailTemplate<
  OrderMailBase & { carrier: string; trackingNumber: string; trackingUrl: string }
> = {
  subject: (data, c) => c.m.shipped.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.shipped;
    return h(
      EmailLayout,
      { c, title: m.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro(data.orderId, data.carrier)),
      h(P, null, `${m.tracking} `, h("strong", null, data.trackingNumber)),
      h(Action, { href: data.trackingUrl }, m.track),
      h(Action, { href: data.orderUrl }, c.m.order.follow),
      h(Signature, { c }),
    );
  },
};

export const readyForPickupEmail: EmailTemplate<OrderMailBase & { address: string; hours: string }> = {
  subject: (data, c) => c.m.ready.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) =>
    h(
      EmailLayout,
      { c, title: c.m.ready.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, c.m.ready.intro(data.orderId)),
      h(Lines, { lines: [...data.address.split("\n"), c.m.order.hours(data.hours)] }),
      h(Action, { href: data.orderUrl }, c.m.order.follow),
      h(Signature, { c }),
    ),
};

/** The order was handed over at the studio: thanks, and the order's page for its invoice. */
export const pickedUpEmail: EmailTemplate<OrderMailBase> = {
  subject: (data, c) => c.m.pickedUp.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) =>
    h(
      EmailLayout,
      { c, title: c.m.pickedUp.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, c.m.pickedUp.intro(data.orderId)),
      h(Action, { href: data.orderUrl }, c.m.order.follow),
      h(Signature, { c }),
    ),
};

/** A refund: the whole order cancelled, or a part of it, line by line with each tax given back. */
export const refundEmail: EmailTemplate<
  OrderMailBase & {
    cancelled: boolean;
    currency: string;
    amountCents: number;
    lines: { quantity: number; name: string; amountCents: number; kind?: LineKind }[];
    shippingCents: number;
    taxes: { label: string; amountCents: number }[];
  }
> = {
  subject: (data, c) => (data.cancelled ? c.m.refund.subject : c.m.refund.partSubject)(data.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.refund;
    const cash = (cents: number) => money(c, cents, data.currency);
    const amount = cash(data.amountCents);
    const rows: AmountRow[] = [
      ...data.lines.map((line) => ({
        label: countedName(line.quantity, line.name, line.kind),
        amount: cash(line.amountCents),
      })),
      ...(data.shippingCents > 0 ? [{ label: c.m.order.shipping, amount: cash(data.shippingCents) }] : []),
      ...data.taxes.map((tax) => ({ label: tax.label, amount: cash(tax.amountCents) })),
    ];
    return h(
      EmailLayout,
      { c, title: (data.cancelled ? m.subject : m.partSubject)(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, data.cancelled ? m.intro(data.orderId, amount) : m.partIntro(data.orderId, amount)),
      rows.length > 0
        ? h(Amounts, { caption: m.details, rows: [...rows, { label: m.total, amount, strong: true }] })
        : null,
      h(Action, { href: data.orderUrl }, m.seeOrder),
      h(Signature, { c }),
    );
  },
};

export const quotePricedEmail: EmailTemplate<{
  fileName: string;
  totalCents: number;
  currency: string;
  quoteUrl: string;
}> = {
  subject: (_, c) => c.m.quotePriced.subject,
  Body: ({ data, c }) => {
    const m = c.m.quotePriced;
    return h(
      EmailLayout,
      { c, title: m.subject },
      h(Greeting, { c }),
      h(P, null, m.intro(data.fileName, money(c, data.totalCents, data.currency))),
      h(Action, { href: data.quoteUrl }, m.action),
      muted(m.noCharge),
      h(Signature, { c }),
    );
  },
};

export const quoteDeclinedEmail: EmailTemplate<{ fileName: string; reason: string; quoteUrl: string }> = {
  subject: (_, c) => c.m.quoteDeclined.subject,
  Body: ({ data, c }) => {
    const m = c.m.quoteDeclined;
    return h(
      EmailLayout,
      { c, title: m.subject },
      h(Greeting, { c }),
      h(P, null, m.intro(data.fileName)),
      h(Lines, { lines: data.reason.split("\n") }),
      h(Action, { href: data.quoteUrl }, m.action),
      muted(m.questions),
      h(Signature, { c }),
    );
  },
};

/** A visitor's message from the contact form, to the studio (Reply-To is the visitor). */
export const contactMessageEmail: EmailTemplate<{
  name: string;
  email: string;
  phone: string | null;
  projectType: string;
  newsletter: boolean;
  language: "en" | "fr";
  message: string;
}> = {
  subject: (data, c) => c.m.contactMessage.subject(data.name.replace(/[\r\n]+/g, " "), data.projectType),
  Body: ({ data, c }) => {
    const m = c.m.contactMessage;
    return h(
      EmailLayout,
      { c, title: m.subject(data.name, data.projectType), about: c.m.notice.footerAbout(c.studio.name) },
      h(Lines, {
        lines: [
          m.name(data.name),
          m.email(data.email),
          m.phone(data.phone ?? "-"),
          m.projectType(data.projectType),
          m.newsletter(data.newsletter ? m.yes : m.no),
          m.language(m.languages[data.language]),
        ],
      }),
      h(Lines, { lines: data.message.split("\n") }),
      muted(m.replyHint),
    );
  },
};

/**
 * The studio's notices (server/mail/studio-notices.ts words them): their lines in paragraphs (an
 * empty line starts the next), and the page of the admin to open.
 */
export const studioNoticeEmail: EmailTemplate<{
  subject: string;
  lines: string[];
  link: string | null;
  signature: string;
}> = {
  subject: (data) => data.subject,
  Body: ({ data, c }) => {
    const paragraphs = data.lines
      .join("\n")
      .split(/\n{2,}/)
      .filter((paragraph) => paragraph.trim() !== "");
    return h(
      EmailLayout,
      { c, title: data.subject, about: c.m.notice.footerAbout(c.studio.name) },
      ...paragraphs.map((paragraph, index) => h(Lines, { key: index, lines: paragraph.split("\n") })),
      data.link ? h(Action, { href: data.link }, c.m.notice.open) : null,
      muted(data.signature),
    );
  },
};

/** A payment the bank refused: what it said, and the way back to pay while the order is held. */
export const paymentFailedEmail: EmailTemplate<
  OrderMailBase & { payUrl: string; totalCents: number; currency: string; reason: string }
> = {
  subject: (data, c) => c.m.paymentFailed.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.paymentFailed;
    return h(
      EmailLayout,
      { c, title: m.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro(data.orderId, money(c, data.totalCents, data.currency))),
      h(Lines, { lines: [data.reason] }),
      h(P, null, m.noCharge),
      h(Action, { href: data.payUrl }, m.action),
      h(Signature, { c }),
    );
  },
};

/** The link that confirms a new address for an account (sent to the new address). */
export const emailChangeEmail: EmailTemplate<Account> = {
  subject: (_, c) => c.m.emailChange.subject,
  Body: ({ data, c }) =>
    h(
      EmailLayout,
      { c, title: c.m.emailChange.subject },
      h(Greeting, { c, name: data.name }),
      h(P, null, c.m.emailChange.intro),
      h(Action, { href: data.url }, c.m.emailChange.action),
      muted(c.m.emailChange.ignore),
      h(Signature, { c }),
    ),
};

/** A buyer asked the studio to price a part by hand: what happens next. */
export const quoteReviewEmail: EmailTemplate<{ fileName: string; note: string | null; quoteUrl: string }> = {
  subject: (_, c) => c.m.quoteReview.subject,
  Body: ({ data, c }) => {
    const m = c.m.quoteReview;
    return h(
      EmailLayout,
      { c, title: m.subject },
      h(Greeting, { c }),
      h(P, null, m.intro(data.fileName)),
      data.note ? h(Lines, { lines: [m.note, ...data.note.split("\n")] }) : null,
      h(Action, { href: data.quoteUrl }, m.action),
      muted(m.noCharge),
      h(Signature, { c }),
    );
  },
};

/** The contact form's acknowledgement to its sender, with a copy of what they wrote. */
export const contactReceivedEmail: EmailTemplate<{ name: string; message: string }> = {
  subject: (_, c) => c.m.contactReceived.subject(c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.contactReceived;
    return h(
      EmailLayout,
      { c, title: m.subject(c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro),
      h(Lines, { lines: [m.copy] }),
      h(Lines, { lines: data.message.split("\n"), muted: true }),
      muted(m.notYou),
      h(Signature, { c }),
    );
  },
};

/**
 * The studio's messages on an order, one e-mail for a burst of them (server/conversations/mail.ts):
 * their text as written (never HTML), and the order's page to answer on; no reply-by-mail address.
 */
export const conversationEmail: EmailTemplate<OrderMailBase & { messages: string[] }> = {
  subject: (data, c) => c.m.conversation.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.conversation;
    return h(
      EmailLayout,
      { c, title: m.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro(data.orderId)),
      ...data.messages.map((message, index) => h(Lines, { key: index, lines: message.split("\n") })),
      h(P, null, m.answer),
      h(Action, { href: data.orderUrl }, m.open),
      h(Signature, { c }),
    );
  },
};

/** A guest's order link: the only way back to an order placed without an account. */
export const guestOrderEmail: EmailTemplate<OrderMailBase> = {
  subject: (data, c) => c.m.guestOrder.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) => {
    const m = c.m.guestOrder;
    return h(
      EmailLayout,
      { c, title: m.subject(data.orderId, c.studio.name) },
      h(Greeting, { c, name: data.name }),
      h(P, null, m.intro(data.orderId)),
      h(Action, { href: data.orderUrl }, m.action),
      muted(m.keep),
      h(Signature, { c }),
    );
  },
};
