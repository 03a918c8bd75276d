import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "../../app/lib/locale.ts";
import { config } from "../config.ts";
import { getDb } from "../db/index.ts";
import { inventoryItems, orderEvents, orderLines, orders } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { isSafeId, newOrderId } from "./ids.ts";
import { mergeLines, reserveStock, type ReservedLine, type WantedLine } from "./stock.ts";
import { recordOrderPricing } from "./fulfilment.ts";
import type { Address } from "../../app/lib/address.ts";
import type { Delivery, OrderPrice } from "../../app/lib/pricing.ts";

/** Prices the lines as reserved (the server's prices, read under the hold) with the delivery: decision 029. */
export type OrderPricer = (reserved: ReservedLine[]) => { delivery: Delivery; address: Address | null; price: OrderPrice };

export const MAX_LINES = 100;
export const MAX_QUANTITY = 999;

/** Only ids and quantities are read: prices, names or totals sent by the browser are ignored. */
const lineSchema = z.object({
  itemId: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});
const orderSchema = z.object({ lines: z.array(z.unknown()).max(MAX_LINES) });

/** Validates the browser's lines: 400 'Invalid quantity' / 'Your cart is empty'. */
export function parseLines(input: unknown): WantedLine[] {
  const parsed = orderSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, "Invalid order");
  if (parsed.data.lines.length === 0) throw new ApiError(400, "Your cart is empty");
  const lines: WantedLine[] = [];
  const fields: Record<string, string> = {};
  for (const raw of parsed.data.lines) {
    const line = lineSchema.safeParse(raw);
    if (line.success && !isSafeId(line.data.itemId)) throw new ApiError(400, "Invalid order");
    if (line.success) {
      lines.push(line.data);
      continue;
    }
    const id = (raw as { itemId?: unknown })?.itemId;
    if (!isSafeId(id) || id.length > 100) throw new ApiError(400, "Invalid order");
    fields[id] = "Invalid quantity";
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, "Invalid quantity", fields);
  const merged = mergeLines(lines);
  if (merged.some((line) => line.quantity > MAX_QUANTITY)) throw new ApiError(400, "Invalid quantity");
  return merged;
}

export type PlacedOrder = { id: string; totalCents: number; currency: string; status: "pending"; reservedUntil: Date };

/**
 * Places an order in one transaction: reserves each line's stock with a conditional update, takes
 * the server's prices, computes the total, and writes the order (pending, held until
 * reservedUntil), its lines and its first event. Any line failing rolls everything back.
 */
export async function placeOrder(input: { userId: string; locale: Locale; lines: WantedLine[]; now?: Date; pricer?: OrderPricer }): Promise<PlacedOrder> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const id = newOrderId();
  const reservedUntil = new Date(now.getTime() + config.reservationMinutes * 60_000);
  return db.transaction(async (tx) => {
    const reserved = await reserveStock(tx, input.lines);
    const priced = input.pricer?.(reserved);
    const totalCents = priced ? priced.price.totalCents : reserved.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    await tx.insert(orders).values({
      id,
      userId: input.userId,
      status: "pending",
      totalCents,
      currency: config.currency,
      locale: input.locale,
      reservedUntil,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderLines).values(
      reserved.map((line) => ({
        orderId: id,
        itemId: line.itemId,
        itemSlug: line.slug,
        itemName: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
    );
    if (priced) await recordOrderPricing(tx, id, priced);
    await tx.insert(orderEvents).values({ orderId: id, status: "pending", actorUserId: input.userId, note: "placed", createdAt: now });
    return { id, totalCents, currency: config.currency, status: "pending" as const, reservedUntil };
  });
}

export type QuoteLine = {
  itemId: string;
  slug: string;
  name: { en: string; fr: string };
  image: string;
  unitPriceCents: number;
  quantity: number;
  stock: number;
  available: boolean;
};

/** The cart priced by the server, for the review before the order is placed (nothing is held). */
export async function quoteLines(lines: WantedLine[]): Promise<{ lines: QuoteLine[]; totalCents: number; currency: string }> {
  const db = await getDb();
  const merged = mergeLines(lines);
  const items = merged.length
    ? await db.select().from(inventoryItems).where(inArray(inventoryItems.id, merged.map((l) => l.itemId)))
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const out: QuoteLine[] = [];
  for (const line of merged) {
    const item = byId.get(line.itemId);
    // Hidden items never leave the server: they show only as unavailable.
    if (!item || !item.isVisible) {
      out.push({ itemId: line.itemId, slug: "", name: { en: "", fr: "" }, image: "", unitPriceCents: 0, quantity: line.quantity, stock: 0, available: false });
      continue;
    }
    out.push({
      itemId: item.id,
      slug: item.slug,
      name: { en: item.translations.en.name, fr: item.translations.fr?.name || item.translations.en.name },
      image: item.images.main,
      unitPriceCents: item.priceCents,
      quantity: line.quantity,
      stock: item.stock,
      available: item.stock >= line.quantity,
    });
  }
  const totalCents = out.filter((l) => l.available).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return { lines: out, totalCents, currency: config.currency };
}
