import type { DomainErrorCode } from "./error-codes.ts";

/** What the studio refunds: some units of some lines (and the shipping), an amount, or everything. */
export type RefundRequest =
  | { kind: "lines"; lines: { orderLineId: number; quantity: number }[]; shipping: boolean }
  | { kind: "amount"; amountCents: number }
  | { kind: "everything" };

/** Dollars and cents as an admin types them ("12.50", "12,50", "12"): cents, or null. */
export function parseCents(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/^\$\s*|\s*\$$/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/**
 * The admin's refund form: `qty-<line id>` per line, `shipping` (on), or `amount`; one or the
 * other. Returns the request, or the field and code of the first mistake.
 */
export function refundRequestFromForm(
  form: FormData,
  lineIds: number[],
): { request: RefundRequest } | { field?: string; code: DomainErrorCode } {
  const lines: { orderLineId: number; quantity: number }[] = [];
  for (const id of lineIds) {
    const text = String(form.get(`qty-${id}`) ?? "").trim();
    if (text === "" || text === "0") continue;
    if (!/^\d{1,6}$/.test(text)) return { field: `line-${id}`, code: "cart.invalid_quantity" };
    lines.push({ orderLineId: id, quantity: Number(text) });
  }
  const shipping = form.get("shipping") === "on";
  const amountText = String(form.get("amount") ?? "")
    .slice(0, 40)
    .trim();
  if (amountText !== "") {
    if (lines.length > 0 || shipping) return { field: "amount", code: "refund.lines_or_amount" };
    const amountCents = parseCents(amountText);
    if (amountCents === null || amountCents <= 0) return { field: "amount", code: "refund.invalid_amount" };
    return { request: { kind: "amount", amountCents } };
  }
  if (lines.length === 0 && !shipping) return { code: "refund.nothing_chosen" };
  return { request: { kind: "lines", lines, shipping } };
}
