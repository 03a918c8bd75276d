import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NOTICE_KINDS, type NoticeKind } from "../../domain/studio-notices.ts";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { currentTerms } from "../quotes/quotes.ts";
import { getNoticeSettings, NoticeSettingsInvalid, updateNoticeSettings } from "../settings/notice-settings.ts";
import { setMailSender } from "./mailer.ts";
import {
  noticeLowStock,
  noticeLowStockAfterOrder,
  noticeOrderPaid,
  noticeQuoteNeedsReview,
  noticeQuoteRequest,
  noticeRefundFailed,
  noticesAfterPayment,
} from "./studio-notices.ts";

/** Each notice as the studio gets it, from the outbox (nothing is sent: no SMTP in tests). */
let buyer: TestUser, owner: TestUser;
const tag = `n${Date.now().toString(36)}`;
const mail = async (id: string | null) => {
  expect(id).toBeTypeOf("string");
  const db = await getDb();
  const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, id!));
  return row!;
};
const allOn = (to = "studio@example.test", locale: "en" | "fr" = "en", lowStockThreshold = 3) => ({
  locale,
  lowStockThreshold,
  kinds: Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, { enabled: true, to }])) as Record<
    NoticeKind,
    { enabled: boolean; to: string }
  >,
});

beforeAll(async () => {
  setMailSender(null);
  [buyer, owner] = await Promise.all([signUpUser(), signUpUser("admin")]);
  const db = await getDb();
  await db.update(tables.user).set({ username: "Ada Maker" }).where(eq(tables.user.id, buyer.id));
  const [category] = await db.select().from(tables.categories).limit(1);
  const categoryId =
    category?.id ??
    (
      await db
        .insert(tables.categories)
        .values({
          id: `${tag}-cat`,
          slug: `${tag}-cat`,
          translations: { en: { name: "Cat" }, fr: { name: "Chat" } },
        } as never)
        .returning()
    )[0]!.id;
  const item = (id: string, en: string, fr: string, stock: number) => ({
    id: `${tag}-${id}`,
    slug: `${tag}-${id}`,
    categoryId,
    priceCents: 1000,
    stock,
    images: { main: "", gallery: [] },
    translations: { en: { name: en, description: "" }, fr: { name: fr, description: "" } },
  });
  // After this order: the moose fell from 4 to 2 (threshold 3: reported), the vase was already at 1 before (not again), the lamp stays at 10.
  await db
    .insert(tables.inventoryItems)
    .values([
      item("moose", "Low-Poly Moose", "Orignal à facettes", 2),
      item("vase", "Spiral Vase", "Vase spirale", 1),
      item("lamp", "Leaf Lamp", "Lampe feuille", 10),
    ] as never);
  await db.insert(tables.orders).values({
    id: `${tag}-o1`,
    userId: buyer.id,
    status: "paid",
    totalCents: 5_749,
    currency: "CAD",
    paidAt: new Date(),
  });
  await db.insert(tables.orderLines).values([
    {
      orderId: `${tag}-o1`,
      itemId: `${tag}-moose`,
      itemSlug: "moose",
      itemName: { en: "Low-Poly Moose", fr: "Orignal à facettes" },
      unitPriceCents: 1_500,
      quantity: 2,
    },
    {
      orderId: `${tag}-o1`,
      itemId: `${tag}-vase`,
      itemSlug: "vase",
      itemName: { en: "Spiral Vase", fr: "Vase spirale" },
      unitPriceCents: 1_000,
      quantity: 1,
    },
    {
      orderId: `${tag}-o1`,
      itemId: `${tag}-lamp`,
      itemSlug: "lamp",
      itemName: { en: "Leaf Lamp", fr: "Lampe feuille" },
      unitPriceCents: 500,
      quantity: 1,
    },
  ]);
  await db.insert(tables.orderDelivery).values({
    orderId: `${tag}-o1`,
    method: "ship",
    subtotalCents: 4_500,
    shippingCents: 500,
    address: {
      fullName: "Ada Maker",
      line1: "12 Rue des Érables",
      city: "Montréal",
      province: "QC",
      postalCode: "H2X 1Y4",
      country: "CA",
      phone: "514-555-0100",
    },
  });
  await db.insert(tables.orderTaxLines).values([
    {
      orderId: `${tag}-o1`,
      code: "GST",
      jurisdiction: "CA",
      ratePpm: 50_000,
      taxableBaseCents: 5_000,
      amountCents: 250,
    },
    {
      orderId: `${tag}-o1`,
      code: "QST",
      jurisdiction: "QC",
      ratePpm: 99_750,
      taxableBaseCents: 5_000,
      amountCents: 499,
    },
  ]);
  await db.insert(tables.orders).values({
    id: `${tag}-o2`,
    userId: buyer.id,
    status: "paid",
    totalCents: 2_000,
    currency: "CAD",
    paidAt: new Date(),
  });
  await db.insert(tables.orderDelivery).values({ orderId: `${tag}-o2`, method: "pickup", subtotalCents: 2_000 });
  await db.insert(tables.orderLines).values({
    orderId: `${tag}-o2`,
    itemSlug: "x",
    itemName: { en: "Gone item", fr: "Article disparu" },
    unitPriceCents: 2_000,
    quantity: 1,
  });

  const { version } = await currentTerms();
  await db.insert(tables.quoteFiles).values({
    id: `${tag}-f`,
    storageKey: "k",
    sha256: "s",
    bytes: 1,
    format: "stl",
    originalName: "helmet.stl",
    sizeMm: [10, 10, 10],
    volumeMm3: 1,
    areaMm2: 1,
    triangles: 12,
    manifold: true,
  });
  const quote = {
    fileId: `${tag}-f`,
    materialId: "pla",
    colourId: "red",
    qualityId: "fine",
    infillPercent: 20,
    quantity: 2,
    termsVersion: version,
  };
  await db.insert(tables.quotes).values([
    {
      id: `${tag}-q1`,
      userId: buyer.id,
      ...quote,
      status: "needs_review",
      reviewNote: "Smooth finish, please",
      reviewEmail: buyer.email,
    },
    { id: `${tag}-q2`, browserHash: "b", ...quote, status: "failed", failureCode: "too-big" },
    { id: `${tag}-q3`, browserHash: "b", ...quote, status: "priced" },
  ]);
}, 60_000);

describe("the notice settings", () => {
  it("default to every notice on, to STUDIO_EMAIL, in English, threshold 3", async () => {
    const settings = await getNoticeSettings();
    expect(settings.locale).toBe("en");
    expect(settings.lowStockThreshold).toBe(3);
    for (const kind of NOTICE_KINDS)
      expect(settings.kinds[kind]).toEqual({ enabled: true, to: expect.stringContaining("@") });
  });

  it("refuse a bad address, a notice on without one, a bad threshold or language, naming each field", async () => {
    const bad = allOn();
    bad.kinds.paid_order.to = "not an address";
    bad.kinds.low_stock = { enabled: true, to: "" };
    const refused = await updateNoticeSettings(owner.id, { ...bad, lowStockThreshold: "-1", locale: "de" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NoticeSettingsInvalid);
    expect((refused as NoticeSettingsInvalid).errors).toEqual({
      locale: "invalidLocale",
      lowStockThreshold: "invalidThreshold",
      "paid_order.to": "invalidEmail",
      "low_stock.to": "required",
    });
    await expect(updateNoticeSettings(owner.id, null)).rejects.toBeInstanceOf(NoticeSettingsInvalid);
  });
});

describe("each notice", () => {
  it("a paid order: number, buyer, lines, ship-to address, taxes and total, with a link to the admin", async () => {
    await updateNoticeSettings(owner.id, allOn("orders@studio.test"));
    const row = await mail(await noticeOrderPaid(`${tag}-o1`));
    expect(row.to).toBe("orders@studio.test");
    expect(row.orderId).toBeNull();
    expect(row.subject).toBe(`Paid order ${tag}-o1 ($57.49)`);
    expect(row.text).toContain(`Order ${tag}-o1 has been paid.`);
    expect(row.text).toContain(`Buyer: Ada Maker <${buyer.email}>`);
    expect(row.text).toContain(
      "- 2 × Low-Poly Moose at $15.00 = $30.00\n- 1 × Spiral Vase at $10.00 = $10.00\n- 1 × Leaf Lamp at $5.00 = $5.00",
    );
    expect(row.text).toMatch(
      /Delivery: ship to\n\s+Ada Maker\n\s+12 Rue des Érables\n\s+Montréal QC\s+H2X 1Y4\n\s+CANADA\n\s+514-555-0100/,
    );
    expect(row.text).toContain(
      "Subtotal: $45.00\nShipping: $5.00\nGST (5%): $2.50\nQST (9.975%): $4.99\nTotal: $57.49",
    );
    expect(row.text).toContain(`http://localhost:3000/admin/orders/${tag}-o1`);
  });

  it("a paid order for pickup, in French when the studio works in French", async () => {
    await updateNoticeSettings(owner.id, allOn("atelier@studio.test", "fr"));
    const row = await mail(await noticeOrderPaid(`${tag}-o2`));
    expect(row.subject).toBe(`Commande payée ${tag}-o2 (20,00\u00a0$)`);
    expect(row.text).toContain("Livraison\u00a0: retrait à l’atelier");
    expect(row.text).toContain("- 1 × Article disparu à 20,00\u00a0$ = 20,00\u00a0$");
    expect(row.text).toContain(`http://localhost:3000/fr/admin/orders/${tag}-o2`);
  });

  it("a price request: the file, the options, the buyer's e-mail and note", async () => {
    await updateNoticeSettings(owner.id, allOn("quotes@studio.test"));
    const row = await mail(await noticeQuoteRequest(`${tag}-q1`));
    expect(row).toMatchObject({ to: "quotes@studio.test", subject: "Price request: helmet.stl" });
    expect(row.text).toContain("Options: PLA, Red, Fine (0.10 mm), 20% infill, quantity 2");
    expect(row.text).toContain(`Buyer's e-mail: ${buyer.email}`);
    expect(row.text).toContain("Their note: Smooth finish, please");
    // Only for a quote that is with the studio.
    expect(await noticeQuoteRequest(`${tag}-q3`)).toBeNull();
  });

  it("a quote the site could not price: why, and that nobody gave an e-mail yet", async () => {
    const row = await mail(await noticeQuoteNeedsReview(`${tag}-q2`));
    expect(row.subject).toBe("Custom print to review: helmet.stl");
    expect(row.text).toContain("(too big for the printers)");
    expect(row.text).toContain("Buyer: not signed in, no e-mail given yet");
    expect(await noticeQuoteNeedsReview(`${tag}-q3`)).toBeNull();
  });

  it("a refund the processor refused: order, amount and the processor's words", async () => {
    const row = await mail(
      await noticeRefundFailed(`${tag}-o1`, 1_500, new Error("card_declined: the card was closed")),
    );
    expect(row.subject).toBe(`Refund failed: order ${tag}-o1 ($15.00)`);
    expect(row.text).toContain("The processor said: card_declined: the card was closed");
  });

  it("low stock: only the items this order took from the threshold or more to below it", async () => {
    await updateNoticeSettings(owner.id, allOn("stock@studio.test", "en", 3));
    const ids = await noticeLowStockAfterOrder(`${tag}-o1`);
    expect(ids).toHaveLength(1);
    const row = await mail(ids[0]!);
    expect(row).toMatchObject({ to: "stock@studio.test", subject: "Low stock: Low-Poly Moose (2 left)" });
    expect(row.text).toContain("Low-Poly Moose is down to 2 units on the shelf (below your threshold of 3).");
    expect(row.text).toContain(`/admin/inventory/${tag}-moose`);
    expect(await noticeLowStock(`${tag}-lamp`)).toBeNull();
  });

  it("a notice turned off is not written; the others still are", async () => {
    const settings = allOn("studio@example.test");
    settings.kinds.paid_order.enabled = false;
    await updateNoticeSettings(owner.id, settings);
    expect(await noticeOrderPaid(`${tag}-o1`)).toBeNull();
    const db = await getDb();
    const before = (await db.select().from(tables.outbox).where(eq(tables.outbox.to, "studio@example.test"))).length;
    await noticesAfterPayment(`${tag}-o1`);
    const after = await db.select().from(tables.outbox).where(eq(tables.outbox.to, "studio@example.test"));
    expect(after.length - before).toBe(1);
    expect(after.at(-1)!.subject).toMatch(/^Low stock/);
    // A missing order writes nothing and throws nothing.
    expect(await noticeOrderPaid("no-such-order")).toBeNull();
  });
});
