/** The states of an order (the database keeps only these). */
export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled", "expired", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
