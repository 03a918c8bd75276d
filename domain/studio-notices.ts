import { z } from "zod";

/**
 * The e-mails the studio gets about its business (issue 21, point 2), each on or off in
 * Admin → Settings with the address it goes to. Rules shared by the settings form and the server.
 */
export const NOTICE_KINDS = [
  "paid_order",
  "quote_request",
  "quote_review",
  "refund_failed",
  "low_stock",
  "processor_money",
  "backup_failed",
  "buyer_message",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What a studio event keeps of the moment it happened (the rest is read from its order, quote or
 * item): the stock an item fell to and the threshold it crossed, a refused refund's amount and
 * the processor's words, why the site could not price a quote.
 */
export type StudioEventDetail = {
  stock?: number;
  threshold?: number;
  amountCents?: number;
  reason?: string | null;
  failureCode?: string | null;
  /** Money moved at the payment processor, outside the site: which move, and a dispute's deadline (ISO). */
  moneyMove?: ProcessorMoneyMove;
  dueBy?: string | null;
};

/** A `backup_failed` event's failure code when no backup failed but none succeeded for 48 hours. */
export const BACKUP_OVERDUE = "overdue";

/** What a `processor_money` event reports: a refund made in Stripe's dashboard, or a dispute opened, won or lost. */
export const PROCESSOR_MONEY_MOVES = ["refunded", "dispute_opened", "dispute_won", "dispute_lost"] as const;
export type ProcessorMoneyMove = (typeof PROCESSOR_MONEY_MOVES)[number];

/** The admin page an event is about. */
export function studioEventLink(event: {
  kind: NoticeKind;
  orderId: string | null;
  itemId: string | null;
}): string | null {
  if (
    event.kind === "paid_order" ||
    event.kind === "refund_failed" ||
    event.kind === "processor_money" ||
    event.kind === "buyer_message"
  )
    return event.orderId ? `/admin/orders/${event.orderId}` : null;
  if (event.kind === "low_stock") return event.itemId ? `/admin/inventory/${event.itemId}` : null;
  if (event.kind === "backup_failed") return "/admin/backups";
  return "/admin/quotes";
}

export type NoticeSettings = {
  locale: "en" | "fr";
  lowStockThreshold: number;
  kinds: Record<NoticeKind, { enabled: boolean; to: string }>;
};

export type NoticeFieldError = "invalidEmail" | "required" | "invalidThreshold" | "invalidLocale";

// A notice that is on needs somewhere to go.
const kindSchema = z
  .object({
    enabled: z.boolean(),
    to: z
      .string()
      .trim()
      .max(254, "invalidEmail")
      .pipe(z.union([z.literal(""), z.email("invalidEmail")], "invalidEmail")),
  })
  .refine((kind) => !kind.enabled || kind.to !== "", { message: "required", path: ["to"] });

export const noticeSettingsSchema = z.object({
  locale: z.enum(["en", "fr"], "invalidLocale"),
  lowStockThreshold: z.coerce
    .number("invalidThreshold")
    .int("invalidThreshold")
    .min(0, "invalidThreshold")
    .max(100_000, "invalidThreshold"),
  kinds: z.object(
    Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, kindSchema])) as Record<NoticeKind, typeof kindSchema>,
  ),
});

/** The settings form's fields (`paid_order.enabled` a check box, absent when off; `paid_order.to`…) as the schema's input. */
export function noticeSettingsInput(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    locale: text("locale"),
    lowStockThreshold: text("lowStockThreshold"),
    kinds: Object.fromEntries(
      NOTICE_KINDS.map((kind) => [kind, { enabled: form.get(`${kind}.enabled`) === "on", to: text(`${kind}.to`) }]),
    ),
  };
}

/** Each invalid field's name (as the form names it) and its problem. */
export function noticeFieldErrors(error: z.ZodError): Record<string, NoticeFieldError> {
  const errors: Record<string, NoticeFieldError> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".").replace(/^kinds\./, "");
    const code = (
      ["invalidEmail", "required", "invalidThreshold", "invalidLocale"].includes(issue.message)
        ? issue.message
        : "invalidEmail"
    ) as NoticeFieldError;
    errors[path] ??= code;
  }
  return errors;
}

/** One studio event as the admin's notices list shows it. */
export type StudioEventView = {
  id: number;
  kind: NoticeKind;
  createdAt: string;
  read: boolean;
  link: string | null;
  orderId: string | null;
  /** The order's total (a paid order) or the refused refund's amount, with its currency. */
  amount: { cents: number; currency: string } | null;
  fileName: string | null;
  itemName: { en: string; fr: string } | null;
  stock: number | null;
  failureCode: string | null;
  /** A `processor_money` event's move and, for an opened dispute, its deadline (ISO). */
  moneyMove: ProcessorMoneyMove | null;
  dueBy: string | null;
};

/** A page of the notices list from the address (`?page=`): a whole number from 1, or null when it is not one. */
export function noticesPage(value: string | null): number | null {
  if (value === null || value === "") return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}
