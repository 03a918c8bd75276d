/** A refund as the order pages show it (server/orders/refunds.ts `orderRefunds`), in the order's language. */
export type RefundView = {
  id: number;
  createdAt: string;
  amountCents: number;
  shippingCents: number;
  lines: { name: { en: string; fr: string }; quantity: number; amountCents: number }[];
  taxes: { label: string; amountCents: number }[];
  restocked: boolean;
  reason: string | null;
};
