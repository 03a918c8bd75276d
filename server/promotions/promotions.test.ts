import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { action as checkoutAction } from "../../app/routes/checkout.tsx";
import { orderRow, paidInSandbox, seedItems } from "../../tests/support/shop.ts";
import { addItem } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { clientAddressContext } from "../http/client-address.ts";
import { sandboxIntentForHolder } from "../payments/sandbox.ts";
import { cancelPendingOrder } from "../orders/release.ts";
import { expireOverdueOrders } from "../orders/expiry-sweep.ts";
import { settleSucceededIntent } from "../orders/settlement.ts";
import { placeGuestOrder } from "../orders/guest-checkout.ts";
import { refundOrder } from "../orders/refunds.ts";
import { taxReport } from "../orders/tax-report.ts";
import { signUpUser } from "../../tests/support/api.ts";
import { taxDate } from "../../domain/tax.ts";

const ORIGIN = "http://localhost:3000";
const quebec = {
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K8",
};

let promotionCount = 0;
async function addPromotion(values: Partial<typeof tables.promotions.$inferInsert> = {}): Promise<string> {
  const id = `promo-${++promotionCount}`;
  const db = await getDb();
  await db.insert(tables.promotions).values({ id, name: `Promotion ${promotionCount}`, kind: "percent", ...values });
  return id;
}

let browsers = 0;
/** A visitor's browser with items in its cart, and its own client address. */
async function browser(itemId = "pr-bust", quantity = 1) {
  const change = await addItem({ token: null }, itemId, quantity);
  return {
    cookie: `studio_cart=${change.setCookieToken}`,
    ip: `10.53.${Math.floor(++browsers / 250)}.${browsers % 250}`,
  };
}

type Answer = {
  data: {
    figures: {
      subtotalCents: number;
      shippingCents: number;
      taxes: { code: string; amountCents: number }[];
      totalCents: number;
      discounts: { label: string; amountCents: number }[];
      discountNote?: string;
      discountRefusal?: string;
    } | null;
    message?: string;
    fields?: Record<string, string>;
  };
  init?: { status?: number };
};

/** The checkout's form as a browser without JavaScript posts it. */
async function post(who: { cookie: string; ip: string }, fields: Record<string, string>, prefix = "") {
  const request = new Request(`${ORIGIN}${prefix}/store/checkout`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie: who.cookie },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, who.ip);
  const result = (await checkoutAction({
    request,
    url: new URL(request.url),
    params: {},
    context,
  } as never)) as unknown;
  if (result instanceof Response) return result;
  const answer = result as { type?: string };
  return answer.type === "DataWithResponseInit" ? (result as Answer) : ({ data: result } as Answer);
}

const guest = (email: string) => ({
  "guest.email": email,
  "guest.fullName": "Marie Tremblay",
  "guest.phone": "514 555-0101",
});

async function pay(orderId: string) {
  const intentId = await paidInSandbox(orderId);
  const settled = await settleSucceededIntent(await sandboxIntentForHolder(intentId, `${intentId}_secret`), null);
  expect(settled).toMatchObject({ outcome: "paid" });
}

async function usesOf(promotionId: string) {
  const db = await getDb();
  return db.select().from(tables.promotionUses).where(eq(tables.promotionUses.promotionId, promotionId));
}

beforeAll(async () => {
  await seedItems([
    { id: "pr-bust", stock: 500, priceCents: 8900 },
    { id: "pr-cube", stock: 500, priceCents: 1999 },
  ]);
});

describe("a discount code at checkout", () => {
  it("takes 15 % off in Quebec, with GST and QST on the discounted price, and the lines add up", async () => {
    await addPromotion({ code: "CON15", percentBp: 1500, maxUsesPerBuyer: 1 });
    const who = await browser("pr-bust", 1);
    await addItem({ token: who.cookie.split("=")[1]! }, "pr-cube", 1);
    const fields = { method: "ship", ...quebec, ...guest("marie@example.test"), discountCode: "con15" };
    const quote = (await post(who, { ...fields, intent: "update" })) as Answer;
    // 89.00 + 19.99 = 108.99; 15 % = 16.35 (16.3485); goods 92.64 + shipping 11.95 (≤ 500 g) = 104.59.
    expect(quote.data.figures).toMatchObject({
      subtotalCents: 10_899,
      shippingCents: 1195,
      discounts: [{ label: "Discount: Promotion 1", amountCents: 1635 }],
      discountNote: "Code CON15 applied.",
    });
    expect(quote.data.figures!.taxes.map((t) => [t.code, t.amountCents])).toEqual([
      ["GST", 523], // 5 % of 104.59
      ["QST", 1043], // 9.975 % of 104.59
    ]);
    expect(quote.data.figures!.totalCents).toBe(10_459 + 523 + 1043);

    const placed = (await post(who, { ...fields, intent: "place" })) as Response;
    expect(placed.status).toBe(302);
    const orderId = placed.headers.get("location")!.split("/")[2]!;
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ totalCents: 10_459 + 523 + 1043, discountCents: 1635, discountCode: "CON15" });
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, orderId));
    // Spread in proportion to 89.00 and 19.99, to the cent.
    expect(Object.fromEntries(lines.map((l) => [l.itemId, l.discountCents]))).toEqual({
      "pr-bust": 1335,
      "pr-cube": 300,
    });
    const taxes = await db.select().from(tables.orderTaxLines).where(eq(tables.orderTaxLines.orderId, orderId));
    expect(taxes.map((t) => [t.code, t.taxableBaseCents, t.amountCents])).toEqual([
      ["GST", 10_459, 523],
      ["QST", 10_459, 1043],
    ]);
    expect((await usesOf("promo-1")).map((u) => u.status)).toEqual(["held"]);
    await pay(orderId);
    expect((await usesOf("promo-1")).map((u) => [u.status, u.buyerKey])).toEqual([
      ["kept", "email:marie@example.test"],
    ]);

    // The same buyer (any case of their e-mail), another cart: refused, in either language.
    const again = await browser();
    const refused = (await post(again, {
      method: "pickup",
      ...guest("Marie@Example.test"),
      discountCode: "CON15",
      intent: "update",
    })) as Answer;
    expect(refused.data.figures!.discountRefusal).toBe("You have already used this discount code.");
    expect(refused.data.figures!.discounts).toEqual([]);
    const placedAgain = (await post(
      again,
      { method: "pickup", ...guest("marie@example.test"), discountCode: "con15", intent: "place" },
      "/fr",
    )) as Answer;
    expect(placedAgain.init?.status).toBe(409);
    expect(placedAgain.data.fields).toEqual({ discountCode: "Vous avez déjà utilisé ce code de réduction." });
  });

  it("says why a code is refused, in the buyer's language", async () => {
    await addPromotion({ code: "LATER", startsAt: new Date(Date.now() + 86_400_000) });
    await addPromotion({ code: "GONE", endsAt: new Date(Date.now() - 1000) });
    await addPromotion({ code: "BIGORDER", minSubtotalCents: 10_000 });
    const refusal = async (code: string, prefix = "") => {
      const answer = (await post(
        await browser("pr-cube", 1),
        { method: "pickup", ...guest("someone@example.test"), discountCode: code, intent: "update" },
        prefix,
      )) as Answer;
      return answer.data.figures!.discountRefusal;
    };
    expect(await refusal("NOPE")).toBe("This discount code does not exist.");
    expect(await refusal("NOT-A-CODE")).toBe("This discount code does not exist.");
    expect(await refusal("later")).toBe("This discount code is not valid yet.");
    expect(await refusal("GONE")).toBe("This discount code has expired.");
    // 100.00 − 19.99
    expect(await refusal("BIGORDER")).toBe("Add $80.01 more to your order to use this discount code.");
    expect(await refusal("BIGORDER", "/fr")).toBe(
      "Ajoutez 80,01\u00a0$ à votre commande pour utiliser ce code de réduction.",
    );
    expect(await refusal("GONE", "/fr")).toBe("Ce code de réduction a expiré.");
  });

  it("gives an automatic discount by itself, and says which one applies", async () => {
    const db = await getDb();
    const id = await addPromotion({ code: null, kind: "fixed", amountCents: 500, minSubtotalCents: 15_000 });
    const answer = (await post(await browser("pr-bust", 2), {
      method: "pickup",
      ...guest("auto@example.test"),
      intent: "update",
    })) as Answer;
    expect(answer.data.figures!.discounts).toEqual([
      { label: `Discount: Promotion ${promotionCount}`, amountCents: 500 },
    ]);
    expect(answer.data.figures!.discountNote).toBe(`Applied automatically: Promotion ${promotionCount}.`);
    await db.update(tables.promotions).set({ status: "ended" }).where(eq(tables.promotions.id, id));
  });
});

describe("a code's uses", () => {
  it("a code limited to one use, tried by 20 buyers at once, is used exactly once", async () => {
    const id = await addPromotion({ code: "ONCE", kind: "fixed", amountCents: 1000, maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => browser("pr-cube", 1)));
    const results = await Promise.allSettled(
      buyers.map((who, i) =>
        placeGuestOrder({
          cart: { token: who.cookie.split("=")[1]! },
          guest: { email: `racer${i}@example.test`, fullName: "Racer", phone: "514 555-0101" },
          locale: "en",
          delivery: { method: "pickup" },
          discountCode: "once",
        }),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "discount.used_up" });
    expect((await usesOf(id)).filter((u) => u.status === "held")).toHaveLength(1);
  });

  it("an unpaid order gives its use back when it is cancelled or expires", async () => {
    const id = await addPromotion({ code: "SOLO", kind: "fixed", amountCents: 500, maxUses: 1 });
    const place = async (email: string) => {
      const who = await browser("pr-cube", 1);
      return placeGuestOrder({
        cart: { token: who.cookie.split("=")[1]! },
        guest: { email, fullName: "Solo", phone: "514 555-0101" },
        locale: "en",
        delivery: { method: "pickup" },
        discountCode: "SOLO",
      });
    };
    const first = await place("first@example.test");
    await expect(place("second@example.test")).rejects.toMatchObject({ code: "discount.used_up" });
    expect(await cancelPendingOrder(first.id, null)).toBe(true);
    expect((await usesOf(id)).map((u) => u.status)).toEqual(["released"]);

    const second = await place("second@example.test");
    const db = await getDb();
    await db
      .update(tables.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(tables.orders.id, second.id));
    await expireOverdueOrders();
    expect((await orderRow(second.id)).status).toBe("expired");
    const third = await place("third@example.test");
    await pay(third.id);
    const uses = await db
      .select({ orderId: tables.promotionUses.orderId, status: tables.promotionUses.status })
      .from(tables.promotionUses)
      .where(and(eq(tables.promotionUses.promotionId, id)));
    expect(Object.fromEntries(uses.map((u) => [u.orderId, u.status]))).toEqual({
      [first.id]: "released",
      [second.id]: "released",
      [third.id]: "kept",
    });
    await expect(place("fourth@example.test")).rejects.toMatchObject({ code: "discount.used_up" });
  });
});

describe("a refund of a discounted order", () => {
  it("returns what was paid for the line, and the tax report nets it", async () => {
    const admin = await signUpUser("admin");
    const today = taxDate(new Date());
    const before = await taxReport(today, today);
    await addPromotion({ code: "TENOFF", kind: "fixed", amountCents: 1000 });
    const who = await browser("pr-bust", 1);
    await addItem({ token: who.cookie.split("=")[1]! }, "pr-cube", 1);
    const placed = await placeGuestOrder({
      cart: { token: who.cookie.split("=")[1]! },
      guest: { email: "refund@example.test", fullName: "Refund", phone: "514 555-0101" },
      locale: "en",
      delivery: { method: "pickup" },
      discountCode: "TENOFF",
    });
    await pay(placed.id);
    const db = await getDb();
    const lines = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, placed.id));
    const cube = lines.find((l) => l.itemId === "pr-cube")!;
    // 10.00 spread over 89.00 and 19.99: the cube's share is 1.83 (10 × 19.99 / 108.99 = 1.834).
    expect(cube.discountCents).toBe(183);
    const done = await refundOrder(placed.id, admin.id, {
      request: { kind: "lines", lines: [{ orderLineId: cube.id, quantity: 1 }], shipping: false },
      restock: false,
    });
    expect(done).toBeTruthy();
    const [refund] = await db.select().from(tables.refunds).where(eq(tables.refunds.orderId, placed.id));
    // 19.99 − 1.83 = 18.16, with GST 0.91 (5 %) and QST 1.81 (9.975 %) of the studio's pickup in Quebec.
    expect(refund!.lines).toEqual([{ orderLineId: cube.id, quantity: 1, amountCents: 1816 }]);
    expect(refund!.taxes.map((t) => [t.code, t.taxableCents])).toEqual([
      ["GST", 1816],
      ["QST", 1816],
    ]);
    const after = await taxReport(today, today);
    const gst = (rows: typeof after) => rows.find((r) => r.code === "GST");
    // The sale counted at its discounted price (108.99 − 10.00), the refund netted from it.
    expect(gst(after)!.taxableCents - (gst(before)?.taxableCents ?? 0)).toBe(9899);
    expect(gst(after)!.refundedTaxableCents - (gst(before)?.refundedTaxableCents ?? 0)).toBe(1816);
  });
});
