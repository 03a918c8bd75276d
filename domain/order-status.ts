/** The states of an order (the database keeps only these). */
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How an order may move, stated once (server/orders/* guard each change with `where status in`):
 * placed (pending) → paid, or cancelled / expired (its holds and quotes released); a payment that
 * lands after expiry may still make it paid; paid → fulfilled, cancelled (refunded in full) or
 * refunded; fulfilled → refunded.
 */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "cancelled", "expired"],
  expired: ["paid"],
  paid: ["fulfilled", "cancelled", "refunded"],
  fulfilled: ["refunded"],
  cancelled: [],
  refunded: [],
};

export function orderStatusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => ORDER_MOVES[from].includes(to));
}
