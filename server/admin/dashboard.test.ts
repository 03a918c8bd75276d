import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import {
  lowStock,
  ordersToFulfil,
  productionLoad,
  quoteFunnel,
  salesSeries,
  salesTotals,
  taxesCollected,
} from "./dashboard.ts";

/**
 * A hand-computed fixture: orders paid on the studio's days (Toronto), one late at night (it counts
 * on its Toronto day, not its UTC day), a partial refund, one in the previous period, quotes at
 * each step, parts in production and items short of stock.
 */
const RANGE = { from: "2026-11-01", to: "2026-11-03", bucket: "day" as const };

async function fixture() {
  const db = await getDb();
  const buyer = await signUpUser();
  const order = async (
    id: string,
    status: "paid" | "fulfilled" | "pending",
    totalCents: number,
    paidAt: string | null,
    taxes: [string, number][] = [],
  ) => {
    await db
      .insert(tables.orders)
      .values({ id, userId: buyer.id, status, totalCents, currency: "CAD", paidAt: paidAt ? new Date(paidAt) : null });
    for (const [code, amountCents] of taxes) {
      await db.insert(tables.orderTaxLines).values({
        orderId: id,
        code: code as "GST",
        jurisdiction: "ON",
        ratePpm: 50_000,
        taxableBaseCents: 1000,
        amountCents,
      });
    }
  };
  await order("DASH-A", "fulfilled", 1000, "2026-11-01T17:00:00Z", [
    ["GST", 50],
    ["QST", 100],
  ]);
  await order("DASH-B", "paid", 2000, "2026-11-02T04:30:00Z", [["HST", 260]]); // 23:30 on Nov 1 in Toronto
  await order("DASH-C", "paid", 500, "2026-11-03T15:00:00Z", [["GST", 25]]);
  await order("DASH-D", "fulfilled", 700, "2026-10-30T15:00:00Z"); // the previous period (Oct 29–31)
  await order("DASH-E", "pending", 900, null);
  await db.insert(tables.refunds).values({
    orderId: "DASH-B",
    status: "succeeded",
    amountCents: 300,
    lines: [],
    shippingCents: 0,
    taxes: [{ code: "HST", jurisdiction: "ON", ratePpm: 130_000, taxableCents: 261, amountCents: 39 }],
    // Asked for in the previous period, made on Nov 2: it counts on Nov 2.
    createdAt: new Date("2026-10-30T15:00:00Z"),
    succeededAt: new Date("2026-11-02T15:00:00Z"),
  });

  const file = randomUUID();
  await db.insert(tables.quoteFiles).values({
    id: file,
    storageKey: `${file}.stl`,
    sha256: "x",
    bytes: 1,
    format: "stl",
    originalName: "p.stl",
    sizeMm: [1, 1, 1],
    volumeMm3: 1,
    areaMm2: 1,
    triangles: 12,
    manifold: true,
  });
  const { version } =
    (await db.select().from(tables.quotePriceTerms).limit(1))[0] ??
    (
      await db
        .insert(tables.quotePriceTerms)
        .values({ terms: {} as never })
        .returning()
    )[0]!;
  const quote = async (status: string, createdAt: string, extra: Record<string, unknown> = {}) =>
    db.insert(tables.quotes).values({
      id: randomUUID(),
      userId: buyer.id,
      fileId: file,
      materialId: "pla",
      colourId: "black",
      qualityId: "standard",
      infillPercent: 20,
      quantity: 1,
      termsVersion: version,
      status: status as "priced",
      createdAt: new Date(createdAt),
      ...extra,
    });
  await quote("priced", "2026-11-01T12:00:00Z", { unitCents: 900, totalCents: 900 });
  await quote("ordered", "2026-11-02T12:00:00Z", {
    unitCents: 900,
    totalCents: 1800,
    quantity: 2,
    printSeconds: 3600,
    productionStatus: "queued",
    orderId: "DASH-C",
  });
  await quote("declined", "2026-11-02T13:00:00Z");
  await quote("needs_review", "2026-11-03T13:00:00Z");
  await quote("priced", "2026-10-15T12:00:00Z", { unitCents: 500, totalCents: 500 }); // before the period
  await quote("ordered", "2026-10-15T12:00:00Z", { printSeconds: 7200, productionStatus: "done", orderId: "DASH-D" }); // finished
  await quote("ordered", "2026-10-16T12:00:00Z", { productionStatus: "printing", orderId: "DASH-A" }); // priced by hand, no time

  await db
    .insert(tables.categories)
    .values({ id: "dash-cat", slug: "dash", translations: { en: { name: "Dash", description: "" } } });
  const item = (id: string, stock: number, held: number) =>
    db.insert(tables.inventoryItems).values({
      id,
      slug: id,
      categoryId: "dash-cat",
      translations: { en: { name: id, description: "" } },
      priceCents: 100,
      stock,
      held,
      images: { main: "/x.svg", gallery: [] },
    });
  await item("dash-x", 3, 1);
  await item("dash-y", 50, 0);
  await item("dash-z", 5, 0);
}

describe("the owner's dashboard, each figure one aggregate query", () => {
  it("adds up sales, refunds, taxes, orders to fulfil, the quote funnel, production and low stock as computed by hand", async () => {
    await fixture();
    expect(await salesSeries(RANGE)).toEqual([
      { start: "2026-11-01", salesCents: 3000, orders: 2, refundedCents: 0 },
      { start: "2026-11-02", salesCents: 0, orders: 0, refundedCents: 300 },
      { start: "2026-11-03", salesCents: 500, orders: 1, refundedCents: 0 },
    ]);
    expect(await salesTotals(RANGE)).toEqual({
      salesCents: 3500,
      orders: 3,
      refundedCents: 300,
      previousSalesCents: 700,
      previousOrders: 1,
    });
    expect(await taxesCollected(RANGE)).toEqual([
      { code: "GST", collectedCents: 75, refundedCents: 0, netCents: 75 },
      { code: "HST", collectedCents: 260, refundedCents: 39, netCents: 221 },
      { code: "QST", collectedCents: 100, refundedCents: 0, netCents: 100 },
    ]);
    const fulfil = await ordersToFulfil(20, new Date("2026-11-03T16:00:00Z"));
    expect(fulfil.count).toBe(2);
    expect(fulfil.orders.map((o) => [o.id, o.ageHours])).toEqual([
      ["DASH-B", 35],
      ["DASH-C", 1],
    ]);
    expect(await quoteFunnel(RANGE)).toEqual({ requested: 4, priced: 2, ordered: 1, declined: 1, waitingForReview: 1 });
    // 2 printer hours on the default 2 printers × 10 h: about one working day.
    expect(await productionLoad()).toEqual({ parts: 3, printerHours: 2, partsWithoutTime: 1, workingDays: 1 });
    expect((await lowStock()).map((i) => [i.id, i.available])).toEqual([
      ["dash-x", 2],
      ["dash-z", 5],
    ]);
    expect(await salesSeries({ from: "2026-10-01", to: "2026-11-30", bucket: "month" })).toEqual([
      { start: "2026-10-01", salesCents: 700, orders: 1, refundedCents: 0 },
      { start: "2026-11-01", salesCents: 3500, orders: 3, refundedCents: 300 },
    ]);
  });

  it("answers a bad period with a clear 400 in the admin's language, never a 500", async () => {
    const admin = await signUpUser("admin");
    for (const query of [
      "from=2026-02-30",
      "to=tomorrow",
      "from=2026-11-20&to=2026-11-01",
      "bucket=hour",
      "from=2001-01-01&to=2026-01-01&bucket=day",
      "from=2026-1-1",
    ]) {
      const response = await call(`/api/admin/dashboard?${query}`, { cookie: admin.cookie });
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as any).error.reason, query).toBe("dashboard.invalid_range");
    }
    // A NUL in the query is refused by the input guard before it reaches the dashboard.
    expect((await call("/api/admin/dashboard?from=%00", { cookie: admin.cookie })).status).toBe(400);
    const french = await call("/api/admin/dashboard?bucket=hour", {
      cookie: admin.cookie,
      headers: { "accept-language": "fr-CA" },
    });
    expect(((await french.json()) as any).error.message).toContain("Choisissez une période");
    expect((await call("/api/admin/dashboard?from=2026-11-01&to=2026-11-03", { cookie: admin.cookie })).status).toBe(
      200,
    );
    const buyer = await signUpUser();
    expect((await call("/api/admin/dashboard", { cookie: buyer.cookie })).status).toBe(403);
  });
});
