import type { ReactElement } from "react";
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
} from "./layout.tsx";

/** One e-mail: its subject and its body, both from its data and the recipient's catalogue. */
export type EmailTemplate<Data> = {
  subject: (data: Data, c: EmailContext) => string;
  Body: (props: { data: Data; c: EmailContext }) => ReactElement;
};

const money = (c: EmailContext, cents: number, currency: string) => formatMoney(cents, currency, c.locale);

type Account = { name: string; url: string };

export const verifyEmail: EmailTemplate<Account> = {
  subject: (_, c) => c.m.verify.subject,
  Body: ({ data, c }) => (
    <EmailLayout c={c} title={c.m.verify.subject}>
      <Greeting c={c} name={data.name} />
      <P>{c.m.verify.intro}</P>
      <Action href={data.url}>{c.m.verify.action}</Action>
      <P muted>{c.m.verify.ignore}</P>
      <Signature c={c} />
    </EmailLayout>
  ),
};

export const resetPasswordEmail: EmailTemplate<Account> = {
  subject: (_, c) => c.m.reset.subject,
  Body: ({ data, c }) => (
    <EmailLayout c={c} title={c.m.reset.subject}>
      <Greeting c={c} name={data.name} />
      <P>{c.m.reset.intro}</P>
      <Action href={data.url}>{c.m.reset.action}</Action>
      <P muted>{c.m.reset.ignore}</P>
      <Signature c={c} />
    </EmailLayout>
  ),
};

export const existingAccountEmail: EmailTemplate<{ name: string; logInUrl: string; resetUrl: string }> = {
  subject: (_, c) => c.m.existingAccount.subject,
  Body: ({ data, c }) => {
    const m = c.m.existingAccount;
    return (
      <EmailLayout c={c} title={m.subject}>
        <Greeting c={c} name={data.name} />
        <P>{m.intro}</P>
        <P>{m.logIn}</P>
        <Action href={data.logInUrl}>{m.logInAction}</Action>
        <P>{m.reset}</P>
        <Action href={data.resetUrl}>{m.resetAction}</Action>
        <P muted>{m.ignore}</P>
        <Signature c={c} />
      </EmailLayout>
    );
  },
};

export type OrderSummary = {
  orderId: string;
  currency: string;
  lines: { quantity: number; name: string; unitCents: number }[];
  /** Absent for orders placed before delivery was recorded. */
  delivery:
    | { method: "ship"; addressLines: string[]; subtotalCents: number; shippingCents: number }
    | { method: "pickup"; address: string; hours: string; subtotalCents: number; shippingCents: number }
    | null;
  taxes: { label: string; amountCents: number }[];
  totalCents: number;
};

function OrderTable({ order, c }: { order: OrderSummary; c: EmailContext }) {
  const m = c.m.order;
  const cash = (cents: number) => money(c, cents, order.currency);
  const rows: AmountRow[] = [
    ...order.lines.map((line) => ({
      label: m.line(line.quantity, line.name, cash(line.unitCents)),
      amount: cash(line.unitCents * line.quantity),
    })),
  ];
  if (order.delivery) {
    rows.push({ label: m.subtotal, amount: cash(order.delivery.subtotalCents) });
    rows.push({ label: m.shipping, amount: cash(order.delivery.shippingCents) });
  }
  rows.push(...order.taxes.map((tax) => ({ label: tax.label, amount: cash(tax.amountCents) })));
  rows.push({ label: m.total, amount: cash(order.totalCents), strong: true });
  return <Amounts rows={rows} />;
}

function DeliveryPart({ order, c }: { order: OrderSummary; c: EmailContext }) {
  const delivery = order.delivery;
  if (!delivery) return null;
  const m = c.m.order;
  return delivery.method === "ship" ? (
    <Lines lines={[m.deliverTo, ...delivery.addressLines]} />
  ) : (
    <Lines lines={[m.pickupAt, ...delivery.address.split("\n"), m.hours(delivery.hours)]} />
  );
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
    return (
      <EmailLayout
        c={c}
        title={m.subject(data.order.orderId, c.studio.name)}
        preview={m.preview(data.order.orderId, money(c, data.order.totalCents, data.order.currency))}
      >
        <Heading>{m.heading}</Heading>
        <Greeting c={c} name={data.name} />
        <P>{m.intro}</P>
        <Lines lines={[c.m.order.number(data.order.orderId), c.m.order.paidOn(date)]} />
        <OrderTable order={data.order} c={c} />
        <DeliveryPart order={data.order} c={c} />
        <Action href={data.orderUrl}>{c.m.order.follow}</Action>
        <Signature c={c} />
      </EmailLayout>
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
    return (
      <EmailLayout c={c} title={m.subject(data.orderId, c.studio.name)}>
        <Greeting c={c} name={data.name} />
        <P>{m.intro(data.orderId, data.carrier)}</P>
        <P>
          {m.tracking} <strong>{data.trackingNumber}</strong>
        </P>
        <Action href={data.trackingUrl}>{m.track}</Action>
        <Action href={data.orderUrl}>{c.m.order.follow}</Action>
        <Signature c={c} />
      </EmailLayout>
    );
  },
};

export const readyForPickupEmail: EmailTemplate<OrderMailBase & { address: string; hours: string }> = {
  subject: (data, c) => c.m.ready.subject(data.orderId, c.studio.name),
  Body: ({ data, c }) => (
    <EmailLayout c={c} title={c.m.ready.subject(data.orderId, c.studio.name)}>
      <Greeting c={c} name={data.name} />
      <P>{c.m.ready.intro(data.orderId)}</P>
      <Lines lines={[...data.address.split("\n"), c.m.order.hours(data.hours)]} />
      <Action href={data.orderUrl}>{c.m.order.follow}</Action>
      <Signature c={c} />
    </EmailLayout>
  ),
};

/** A refund: the whole order cancelled, or a part of it, line by line with each tax given back. */
export const refundEmail: EmailTemplate<
  OrderMailBase & {
    cancelled: boolean;
    currency: string;
    amountCents: number;
    lines: { quantity: number; name: string; amountCents: number }[];
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
      ...data.lines.map((line) => ({ label: `${line.quantity} × ${line.name}`, amount: cash(line.amountCents) })),
      ...(data.shippingCents > 0 ? [{ label: c.m.order.shipping, amount: cash(data.shippingCents) }] : []),
      ...data.taxes.map((tax) => ({ label: tax.label, amount: cash(tax.amountCents) })),
    ];
    return (
      <EmailLayout c={c} title={(data.cancelled ? m.subject : m.partSubject)(data.orderId, c.studio.name)}>
        <Greeting c={c} name={data.name} />
        <P>{data.cancelled ? m.intro(data.orderId, amount) : m.partIntro(data.orderId, amount)}</P>
        {rows.length > 0 && <Amounts caption={m.details} rows={[...rows, { label: m.total, amount, strong: true }]} />}
        <Action href={data.orderUrl}>{m.seeOrder}</Action>
        <Signature c={c} />
      </EmailLayout>
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
    return (
      <EmailLayout c={c} title={m.subject}>
        <Greeting c={c} />
        <P>{m.intro(data.fileName, money(c, data.totalCents, data.currency))}</P>
        <Action href={data.quoteUrl}>{m.action}</Action>
        <P muted>{m.noCharge}</P>
        <Signature c={c} />
      </EmailLayout>
    );
  },
};

export const quoteDeclinedEmail: EmailTemplate<{ fileName: string; reason: string; quoteUrl: string }> = {
  subject: (_, c) => c.m.quoteDeclined.subject,
  Body: ({ data, c }) => {
    const m = c.m.quoteDeclined;
    return (
      <EmailLayout c={c} title={m.subject}>
        <Greeting c={c} />
        <P>{m.intro(data.fileName)}</P>
        <Lines lines={data.reason.split("\n")} />
        <Action href={data.quoteUrl}>{m.action}</Action>
        <P muted>{m.questions}</P>
        <Signature c={c} />
      </EmailLayout>
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
    return (
      <EmailLayout c={c} title={m.subject(data.name, data.projectType)} about={c.m.notice.footerAbout(c.studio.name)}>
        <Lines
          lines={[
            m.name(data.name),
            m.email(data.email),
            m.phone(data.phone ?? "-"),
            m.projectType(data.projectType),
            m.newsletter(data.newsletter ? m.yes : m.no),
            m.language(m.languages[data.language]),
          ]}
        />
        <Lines lines={data.message.split("\n")} />
        <P muted>{m.replyHint}</P>
      </EmailLayout>
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
    return (
      <EmailLayout c={c} title={data.subject} about={c.m.notice.footerAbout(c.studio.name)}>
        {paragraphs.map((paragraph, index) => (
          <Lines key={index} lines={paragraph.split("\n")} />
        ))}
        {data.link && <Action href={data.link}>{c.m.notice.open}</Action>}
        <P muted>{data.signature}</P>
      </EmailLayout>
    );
  },
};
