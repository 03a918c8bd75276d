import { eq } from "drizzle-orm";
import { getDb, tables } from "../../server/db/index.ts";
import { call, type TestUser } from "./api.ts";

let categoryReady = false;

/** Adds items to this file's database (one test category), with their stock and price. */
export async function seedItems(
  items: { id: string; stock: number; priceCents: number; isVisible?: boolean }[],
): Promise<void> {
  const db = await getDb();
  if (!categoryReady) {
    await db
      .insert(tables.categories)
      .values({ id: "cat-test", slug: "test", translations: { en: { name: "Test", description: "" } } })
      .onConflictDoNothing();
    categoryReady = true;
  }
  await db.insert(tables.inventoryItems).values(
    items.map((item) => ({
      id: item.id,
      slug: item.id,
      categoryId: "cat-test",
      translations: {
        en: { name: `Name of ${item.id}`, description: "" },
        fr: { name: `Nom de ${item.id}`, description: "" },
      },
      priceCents: item.priceCents,
      stock: item.stock,
      isVisible: item.isVisible ?? true,
      // Weighed (an unweighed item cannot ship): a gram keeps every parcel in the lightest band.
      weightGrams: 1,
      images: { main: "/x.svg", gallery: [] },
    })),
  );
}

/** What buyers can take of the item now: on the shelf minus held by orders awaiting payment. */
export async function stockOf(itemId: string): Promise<number> {
  const { onShelf, held } = await shelfOf(itemId);
  return onShelf - held;
}

/** The units on the shelf and those held by orders awaiting payment. */
export async function shelfOf(itemId: string): Promise<{ onShelf: number; held: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ onShelf: tables.inventoryItems.stock, held: tables.inventoryItems.held })
    .from(tables.inventoryItems)
    .where(eq(tables.inventoryItems.id, itemId));
  return row!;
}

export async function orderRow(orderId: string) {
  const db = await getDb();
  const [row] = await db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
  return row!;
}

/** POST /api/orders as a buyer whose e-mail address is verified; a pickup unless `extra` says otherwise. */
export async function placeOrderCall(user: TestUser, lines: unknown[], extra: Record<string, unknown> = {}) {
  const db = await getDb();
  await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, user.id));
  const response = await call("/api/orders", {
    cookie: user.cookie,
    body: { lines, delivery: { method: "pickup" }, ...extra },
    ip: ipOf(user),
  });
  return { status: response.status, body: (await response.json()) as any };
}

export async function receiptsFor(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
}

/** A client address per test user, so that per-client rate limits do not mix test buyers up. */
export function ipOf(user: TestUser): string {
  let hash = 0;
  for (const ch of user.id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `10.${(hash >> 16) & 255}.${(hash >> 8) & 255}.${hash & 255}`;
}

/** Marks a paid test order as paid through the sandbox: a succeeded intent for its total, as after a card payment. */
export async function paidInSandbox(orderId: string): Promise<string> {
  const db = await getDb();
  const order = await orderRow(orderId);
  const intentId = `pi_sbx_test_${orderId.replace(/[^A-Za-z0-9]/g, "")}`;
  await db.insert(tables.sandboxPaymentIntents).values({
    id: intentId,
    clientSecret: `${intentId}_secret`,
    orderId,
    amountCents: order.totalCents,
    currency: "cad",
    status: "succeeded",
  });
  await db.insert(tables.payments).values({
    id: intentId,
    orderId,
    provider: "sandbox",
    status: "succeeded",
    amountCents: order.totalCents,
    currency: "cad",
  });
  await db.update(tables.orders).set({ paymentReference: intentId }).where(eq(tables.orders.id, orderId));
  return intentId;
}
