import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { mailStudioNotices } from "../mail/studio-notices.ts";
import {
  listStudioEvents,
  markAllStudioEventsRead,
  markStudioEventRead,
  recordStudioEvent,
  unreadStudioEventCount,
} from "./events.ts";

// The server stops right after the payment's transaction commits: everything after it fails.
const stopAfterCommit = vi.hoisted(() => ({ on: false }));
vi.mock("../cart/cart.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../cart/cart.ts")>();
  return {
    ...original,
    removeOrderFromCart: async (orderId: string) => {
      if (stopAfterCommit.on) throw new Error("the server stopped");
      return original.removeOrderFromCart(orderId);
    },
  };
});

async function post(user: TestUser, path: string, body: unknown) {
  const response = await call(path, { cookie: user.cookie, body, ip: ipOf(user) });
  return (await response.json()) as any;
}

/** A buyer orders one unit of `itemId` and pays it with the sandbox's test card. */
async function buyAndPay(itemId: string) {
  const buyer = await signUpUser();
  const { body } = await placeOrderCall(buyer, [{ itemId, quantity: 1 }]);
  const orderId = body.order.id as string;
  const intent = await post(buyer, "/api/createPaymentIntent", { orderId });
  await post(buyer, `/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    clientSecret: intent.clientSecret,
    card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
  });
  await post(buyer, "/api/verifyPayment", { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret });
  return orderId;
}

async function eventsOf(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.studioEvents).where(eq(tables.studioEvents.orderId, orderId));
}

let admin: TestUser, otherAdmin: TestUser;
beforeAll(async () => {
  [admin, otherAdmin] = await Promise.all([signUpUser("admin"), signUpUser("admin")]);
  await seedItems([
    { id: "ev-crash", stock: 10, priceCents: 2000 },
    { id: "ev-list", stock: 10, priceCents: 3000 },
  ]);
});

describe("a paid order's notice (B3)", () => {
  it("is committed with the payment: a server that stops right after the commit loses nothing, and it is e-mailed once", async () => {
    stopAfterCommit.on = true;
    const orderId = await buyAndPay("ev-crash").finally(() => (stopAfterCommit.on = false));
    expect((await orderRow(orderId)).status).toBe("paid");
    const [event] = await eventsOf(orderId);
    expect(event).toMatchObject({ kind: "paid_order", mailedAt: null });

    // The next server to run the notice mailer queues the e-mail, once.
    await Promise.all([mailStudioNotices(), mailStudioNotices()]);
    const [mailed] = await eventsOf(orderId);
    const db = await getDb();
    const queued = await db.select().from(tables.outbox).where(eq(tables.outbox.id, mailed!.outboxId!));
    expect(queued.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Paid order ${orderId}`)]);
    expect(await mailStudioNotices()).toBe(0);
  });
});

describe("the admin's notices list", () => {
  it("lists events newest first with their link, and each admin has their own unread count", async () => {
    const orderId = await buyAndPay("ev-list");
    const before = await unreadStudioEventCount(admin.id);
    const { events, unread } = await listStudioEvents(admin.id);
    expect(unread).toBe(before);
    const paid = events.find((event) => event.orderId === orderId)!;
    expect(paid).toMatchObject({
      kind: "paid_order",
      read: false,
      link: `/admin/orders/${orderId}`,
      amount: { cents: (await orderRow(orderId)).totalCents, currency: "CAD" },
    });
    expect(events.map((event) => event.id)).toEqual([...events.map((event) => event.id)].sort((a, b) => b - a));

    expect(await markStudioEventRead(admin.id, paid.id)).toEqual({ link: `/admin/orders/${orderId}` });
    expect(await markStudioEventRead(admin.id, paid.id)).toEqual({ link: `/admin/orders/${orderId}` });
    expect(await unreadStudioEventCount(admin.id)).toBe(before - 1);
    expect((await listStudioEvents(admin.id)).events.find((event) => event.id === paid.id)!.read).toBe(true);
    // The other admin has not read it.
    expect((await listStudioEvents(otherAdmin.id)).events.find((event) => event.id === paid.id)!.read).toBe(false);
    expect(await markStudioEventRead(admin.id, 999_999)).toBeNull();

    await markAllStudioEventsRead(admin.id);
    expect(await unreadStudioEventCount(admin.id)).toBe(0);
    const db = await getDb();
    await recordStudioEvent(db, { kind: "low_stock", itemId: "ev-list", detail: { stock: 1, threshold: 3 } });
    expect(await unreadStudioEventCount(admin.id)).toBe(1);
    const [newest] = (await listStudioEvents(admin.id)).events;
    expect(newest).toMatchObject({
      kind: "low_stock",
      link: "/admin/inventory/ev-list",
      stock: 1,
      itemName: { en: "Name of ev-list", fr: "Nom de ev-list" },
    });
  });
});
