/** A refund as the order pages show it (server/orders/refunds.ts `orderRefunds`), in the order's language. */
export type RefundView = {
  id: number;
  createdAt: string;
  amountCents: number;
  shippingCents: number;
  lines: { name: { en: string; fr: string }; quantity: number; amountCents: number; kind: LineKind }[];
  taxes: { label: string; amountCents: number }[];
  restocked: boolean;
  reason: string | null;
};

export type LineKind = "item" | "custom_print";

/**
 * A line as receipts and refunds word it, its quantity said once: a custom print is one line whose
 * name already counts its parts ("Custom print: bracket.stl × 6"), so it takes no "1 ×".
 */
export function countedName(quantity: number, name: string, kind: LineKind = "item"): string {
  return kind === "custom_print" ? name : `${quantity} × ${name}`;
}
