import type { OrderView } from "./queries.ts";
import { quotesForOrder } from "../quotes/quotes.ts";

/**
 * The custom prints of an order and their production status: once paid, from the production
 * queue; before that, from the order's lines (not in production yet).
 */
export async function orderCustomParts(
  order: Pick<OrderView, "id" | "lines">,
): Promise<{ quoteId: string; name: string; quantity: number; productionStatus: string | null }[]> {
  const custom = order.lines.filter((line) => line.quoteId !== null);
  if (custom.length === 0) return [];
  const queued = await quotesForOrder(order.id);
  if (queued.length > 0) return queued;
  return custom.map((line) => ({
    quoteId: line.quoteId!,
    name: line.name.en,
    quantity: 1,
    productionStatus: null,
  }));
}
