import { desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NOTICE_KINDS, type NoticeKind } from "../../domain/studio-notices.ts";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { currentTerms } from "../quotes/quotes.ts";
import { DomainError } from "../errors.ts";
import { getNoticeSettings, updateNoticeSettings } from "../settings/notice-settings.ts";
import { commitHolds } from "../orders/stock.ts";
import { recordStudioEvent, type StudioEvent } from "../notices/events.ts";
import { setMailSender } from "./mailer.ts";
import { mailStudioNotices } from "./studio-notices.ts";

/** Each notice as the studio gets it, from the outbox (nothing is sent: no SMTP in tests). */
let buyer: TestUser, owner: TestUser;
const tag = `n${Date.now().toString(36)}`;
/** Records the event, runs the notice mailer, and answers the e-mail queued for it (null when none). */
const noticeOf = async (event: StudioEvent) => {
  const db = await getDb();
  await recordStudioEvent(db, event);
  const [recorded] = await db.select().from(tables.studioEvents).orderBy(desc(tables.studioEvents.id)).limit(1);
  await mailStudioNotices();
  const [mailed] = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.id, recorded!.id));
  expect(mailed!.mailedAt).not.toBeNull();
  if (!mailed!.outboxId) return null;
  const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, mailed!.outboxId));
  return row!;
};
const mail = (row: Awaited<ReturnType<typeof noticeOf>>) => {
  expect(row).not.toBeNull();
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
  await db
    .insert(tables.orderContacts)
    .values({ orderId: `${tag}-o1`, email: buyer.email, fullName: "Ada Maker", phone: null });
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
  await db
    .insert(tables.orderContacts)
    .values({ orderId: `${tag}-o2`, email: buyer.email, fullName: "Ada Maker", phone: null });
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
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("notices.settings_invalid");
    expect((refused as DomainError).fields).toEqual({
      locale: "invalidLocale",
      lowStockThreshold: "invalidThreshold",
      "paid_order.to": "invalidEmail",
      "low_stock.to": "required",
    });
    await expect(updateNoticeSettings(owner.id, null)).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.code === "notices.settings_invalid",
    );
  });
});

describe("each notice", () => {
  it("a paid order: number, buyer, lines, ship-to address, taxes and total, with a link to the admin", async () => {
    await updateNoticeSettings(owner.id, allOn("orders@studio.test"));
    const row = mail(await noticeOf({ kind: "paid_order", orderId: `${tag}-o1` }));
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
    const row = mail(await noticeOf({ kind: "paid_order", orderId: `${tag}-o2` }));
    expect(row.subject).toBe(`Commande payée ${tag}-o2 (20,00\u00a0$)`);
    expect(row.text).toContain("Livraison\u00a0: retrait à l’atelier");
    expect(row.text).toContain("- 1 × Article disparu à 20,00\u00a0$ = 20,00\u00a0$");
    expect(row.text).toContain(`http://localhost:3000/fr/admin/orders/${tag}-o2`);
  });

  it("a price request: the file, the options, the buyer's e-mail and note", async () => {
    await updateNoticeSettings(owner.id, allOn("quotes@studio.test"));
    const row = mail(await noticeOf({ kind: "quote_request", quoteId: `${tag}-q1` }));
    expect(row).toMatchObject({ to: "quotes@studio.test", subject: "Price request: helmet.stl" });
    expect(row.text).toContain("Options: PLA, Red, Fine (0.10 mm), 20% infill, quantity 2");
    expect(row.text).toContain(`Buyer's e-mail: ${buyer.email}`);
    expect(row.text).toContain("Their note: Smooth finish, please");
    expect(row.text).toContain("http://localhost:3000/admin/quotes");
  });

  it("a quote the site could not price: why, and that nobody gave an e-mail yet", async () => {
    const row = mail(
      await noticeOf({ kind: "quote_review", quoteId: `${tag}-q2`, detail: { failureCode: "too-big" } }),
    );
    expect(row.subject).toBe("Custom print to review: helmet.stl");
    expect(row.text).toContain("(too big for the printers)");
    expect(row.text).toContain("Buyer: not signed in, no e-mail given yet");
  });

  it("a refund the processor refused: order, amount and the processor's words", async () => {
    const row = mail(
      await noticeOf({
        kind: "refund_failed",
        orderId: `${tag}-o1`,
        detail: { amountCents: 1_500, reason: "card_declined: the card was closed" },
      }),
    );
    expect(row.subject).toBe(`Refund failed: order ${tag}-o1 ($15.00)`);
    expect(row.text).toContain("The processor said: card_declined: the card was closed");
  });

  it("low stock: a sale records only the items it took from the threshold or more to below it", async () => {
    await updateNoticeSettings(owner.id, allOn("stock@studio.test", "en", 3));
    const db = await getDb();
    // Before the sale: the moose at 4 (falls to 2: reported), the vase at 2 (already below: not again), the lamp at 11.
    const items = [`${tag}-moose`, `${tag}-vase`, `${tag}-lamp`];
    const holds = { [`${tag}-moose`]: 2, [`${tag}-vase`]: 1, [`${tag}-lamp`]: 1 };
    for (const [itemId, quantity] of Object.entries(holds)) {
      await db
        .update(tables.inventoryItems)
        .set({ stock: { [`${tag}-moose`]: 4, [`${tag}-vase`]: 2, [`${tag}-lamp`]: 11 }[itemId]!, held: quantity })
        .where(eq(tables.inventoryItems.id, itemId));
      await db.insert(tables.stockHolds).values({ orderId: `${tag}-o1`, itemId, quantity });
    }
    await db.transaction((tx) => commitHolds(tx, `${tag}-o1`));
    const events = await db.select().from(tables.studioEvents).where(inArray(tables.studioEvents.itemId, items));
    expect(events.map((event) => [event.itemId, event.detail])).toEqual([[`${tag}-moose`, { stock: 2, threshold: 3 }]]);
    await mailStudioNotices();
    const [mailed] = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.id, events[0]!.id));
    const [row] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, mailed!.outboxId!));
    expect(row).toMatchObject({ to: "stock@studio.test", subject: "Low stock: Low-Poly Moose (2 left)" });
    expect(row!.text).toContain("Low-Poly Moose is down to 2 units on the shelf (below your threshold of 3).");
    expect(row!.text).toContain(`/admin/inventory/${tag}-moose`);
  });

  it("two sales at once that take an item below the threshold record one fall, once (B4)", async () => {
    await updateNoticeSettings(owner.id, allOn("stock@studio.test", "en", 5));
    const db = await getDb();
    const itemId = `${tag}-lamp`;
    await db.update(tables.inventoryItems).set({ stock: 6, held: 2 }).where(eq(tables.inventoryItems.id, itemId));
    await db.insert(tables.stockHolds).values([
      { orderId: `${tag}-o1`, itemId, quantity: 1 },
      { orderId: `${tag}-o2`, itemId, quantity: 1 },
    ]);
    await Promise.all([
      db.transaction((tx) => commitHolds(tx, `${tag}-o1`)),
      db.transaction((tx) => commitHolds(tx, `${tag}-o2`)),
    ]);
    const falls = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.itemId, itemId));
    expect(falls.map((event) => event.detail)).toEqual([{ stock: 4, threshold: 5 }]);
  });

  it("a notice turned off is recorded but not e-mailed; the others still are", async () => {
    const settings = allOn("studio@example.test");
    settings.kinds.paid_order.enabled = false;
    await updateNoticeSettings(owner.id, settings);
    expect(await noticeOf({ kind: "paid_order", orderId: `${tag}-o1` })).toBeNull();
    expect(mail(await noticeOf({ kind: "quote_request", quoteId: `${tag}-q1` })).to).toBe("studio@example.test");
  });

  it("every event is e-mailed once, however many app servers run the mailer at once", async () => {
    await updateNoticeSettings(owner.id, allOn("once@studio.test"));
    const db = await getDb();
    for (let i = 0; i < 4; i++) await recordStudioEvent(db, { kind: "quote_request", quoteId: `${tag}-q1` });
    const queued = await Promise.all([mailStudioNotices(), mailStudioNotices(), mailStudioNotices()]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(4);
    const mailed = await db.select().from(tables.outbox).where(eq(tables.outbox.to, "once@studio.test"));
    expect(mailed).toHaveLength(4);
    expect(await mailStudioNotices()).toBe(0);
  });
});
