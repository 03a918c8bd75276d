import { beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { validateAddress } from "../../domain/address.ts";
import { priceOrder, type Delivery } from "../../domain/pricing.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { paidInSandbox } from "../../tests/support/shop.ts";
import { cancelOrderAsAdmin } from "./fulfil-or-cancel.ts";
import { recordOrderPricing } from "./fulfilment.ts";
import { studioMidnight, taxReport, taxReportCsv } from "./tax-report.ts";
import { taxDate } from "../../domain/tax.ts";

let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  buyer = await signUpUser();
  admin = await signUpUser("admin");
});

const QC = validateAddress({
  fullName: "A B",
  line1: "1 rue X",
  city: "Québec",
  province: "QC",
  postalCode: "G1R 4P5",
});
const ON = validateAddress({
  fullName: "C D",
  line1: "1 King St",
  city: "Toronto",
  province: "ON",
  postalCode: "M5H 2N2",
});

let n = 0;
async function paid(delivery: Delivery, paidAt: Date, unitPriceCents = 10_000) {
  const db = await getDb();
  const id = `FF-TAX${String(++n).padStart(4, "0")}`;
  const inputs = await getPricingInputs();
  const price = priceOrder({
    ...inputs,
    lines: [{ unitPriceCents, quantity: 1, weightGrams: 100 }],
    delivery,
    at: paidAt,
  });
  const address = delivery.method === "ship" ? (delivery.province === "QC" ? QC : ON) : null;
  await db.transaction(async (tx) => {
    await tx.insert(tables.orders).values({
      id,
      userId: buyer.id,
      status: "paid",
      totalCents: price.totalCents,
      currency: "CAD",
      paidAt,
      createdAt: paidAt,
    });
    await tx
      .insert(tables.orderLines)
      .values({ orderId: id, itemSlug: "x", itemName: { en: "X", fr: "X" }, unitPriceCents, quantity: 1 });
    await recordOrderPricing(tx, id, { delivery, address: address?.ok ? address.value : null, price });
  });
  return id;
}

describe("the tax report", () => {
  it("adds up each tax of orders paid in the period, in the studio's days, less refunds", async () => {
    // 100.00 + 11.95 shipping (QC, ≤ 500 g) = 111.95: GST 5.60, QST 11.17
    await paid({ method: "ship", province: "QC" }, new Date("2026-01-10T15:00:00Z"));
    // 100.00 + 13.95 (ON) = 113.95: HST 14.81
    await paid({ method: "ship", province: "ON" }, new Date("2026-01-20T15:00:00Z"));
    // 23:30 in Montréal on January 31st is February 1st in UTC: still January for the studio.
    await paid({ method: "pickup" }, new Date("2026-02-01T04:30:00Z"));
    // February: outside.
    await paid({ method: "ship", province: "ON" }, new Date("2026-02-02T15:00:00Z"));
    const refunded = await paid({ method: "ship", province: "ON" }, new Date("2026-01-25T15:00:00Z"));
    await paidInSandbox(refunded);
    await cancelOrderAsAdmin(refunded, admin.id);

    const rows = await taxReport("2026-01-01", "2026-01-31");
    expect(
      rows.map((r) => [r.code, r.jurisdiction, r.taxableCents, r.taxCents, r.refundedTaxCents, r.netTaxCents]),
    ).toEqual([
      ["GST", "CA", 11_195 + 10_000, 560 + 500, 0, 1060],
      ["HST", "ON", 11_395 * 2, 1481 * 2, 0, 1481 * 2],
      ["QST", "QC", 11_195 + 10_000, 1117 + 998, 0, 2115],
    ]);
    // The refund was made today, outside January: January shows the sale, today's period the refund.
    const today = taxDate(new Date());
    const now = await taxReport(today, today);
    expect(now.map((r) => [r.code, r.taxCents, r.refundedTaxCents, r.netTaxCents])).toEqual([["HST", 0, 1481, -1481]]);
    // A period holding both nets to zero for that order.
    const both = await taxReport("2026-01-01", today);
    expect(both.find((r) => r.code === "HST")!.netTaxCents).toBe(1481 * 2 + 1481 - 1481);
    expect(studioMidnight("2026-01-01").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(studioMidnight("2026-07-01").toISOString()).toBe("2026-07-01T04:00:00.000Z");
  });

  it("downloads as CSV for an admin only, and refuses a bad period", async () => {
    const csv = await call("/api/admin/reports/taxes.csv?from=2026-01-01&to=2026-01-31", { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="taxes-2026-01-01-2026-01-31.csv"');
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      "tax,jurisdiction,taxable_amount,tax_collected,refunded_taxable_amount,tax_refunded,net_taxable_amount,net_tax",
    );
    expect(text).toContain("GST,CA,211.95,10.60,0.00,0.00,211.95,10.60");
    expect(
      (await call("/api/admin/reports/taxes.csv?from=2026-02-01&to=2026-01-01", { cookie: admin.cookie })).status,
    ).toBe(400);
    expect((await call("/api/admin/reports/taxes.csv?from=x&to=y", { cookie: admin.cookie })).status).toBe(400);
    expect(
      (await call("/api/admin/reports/taxes.csv?from=2026-01-01&to=2026-01-31", { cookie: buyer.cookie })).status,
    ).toBe(403);
    expect(taxReportCsv([])).toBe(
      "tax,jurisdiction,taxable_amount,tax_collected,refunded_taxable_amount,tax_refunded,net_taxable_amount,net_tax\r\n",
    );
  });
});
