import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../db/index.ts";
import { validateAddress } from "../../domain/address.ts";
import { priceOrder, type Delivery } from "../../domain/pricing.ts";
import { getPricingInputs } from "../settings/shop-settings.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { paidInSandbox, placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { cancelOrderAsAdmin } from "./fulfil-or-cancel.ts";
import { advanceFulfilment, loadOrderDelivery, nextSteps, recordOrderPricing } from "./fulfilment.ts";
import { buildReceipt } from "./receipt.ts";
import { setMailSender } from "../mail/mailer.ts";
import { answerApproval, askForApproval } from "../conversations/approval.ts";

let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  buyer = await signUpUser();
  admin = await signUpUser("admin");
  // A new install has no pickup address (issue 35): this studio has given its own.
  const db = await getDb();
  await db.update(tables.studioSettings).set({ pickupAddress: "1234 rue Saint-Denis\nMontréal QC  H2X 3K8" });
});

const ADDRESS = validateAddress({
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  line2: "App. 3",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K8",
});

let counter = 0;
/** A paid order of one $89.00 item (650 g), priced and recorded as checkout will. */
async function paidOrder(delivery: Delivery, locale: "en" | "fr" = "en") {
  const db = await getDb();
  const id = `FF-TEST${String(++counter).padStart(5, "0")}`;
  const inputs = await getPricingInputs();
  const price = priceOrder({
    ...inputs,
    lines: [{ unitPriceCents: 8900, quantity: 1, weightGrams: 650 }],
    delivery,
    at: "2026-11-23",
  });
  await db.transaction(async (tx) => {
    await tx.insert(tables.orders).values({
      id,
      userId: buyer.id,
      status: "paid",
      totalCents: price.totalCents,
      currency: "CAD",
      locale,
      paidAt: new Date(),
    });
    await tx
      .insert(tables.orderContacts)
      .values({ orderId: id, email: buyer.email, fullName: buyer.email.split("@")[0]!, phone: null });
    await tx.insert(tables.orderLines).values({
      orderId: id,
      itemSlug: "ember-dragon-bust",
      itemName: { en: "Ember Dragon Bust", fr: "Buste de dragon Braise" },
      unitPriceCents: 8900,
      quantity: 1,
    });
    await recordOrderPricing(tx, id, {
      delivery,
      address: delivery.method === "ship" && ADDRESS.ok ? ADDRESS.value : null,
      price,
    });
  });
  return { id, price };
}

async function mailsFor(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId)).orderBy(tables.outbox.createdAt);
}

describe("an order's delivery, as placed", () => {
  it("keeps the address, shipping and each tax, named in the order's language", async () => {
    const { id, price } = await paidOrder({ method: "ship", province: "QC" }, "fr");
    const delivery = await loadOrderDelivery(id, "fr");
    expect(delivery).toMatchObject({
      method: "ship",
      subtotalCents: 8900,
      shippingCents: 1495,
      fulfilmentStatus: null,
    });
    expect(delivery!.addressLines).toEqual([
      "Marie Tremblay",
      "1234 rue Saint-Denis",
      "App. 3",
      "Montréal QC  H2X 3K8",
      "CANADA",
    ]);
    expect(delivery!.taxes.map((t) => [t.label, t.amountCents])).toEqual([
      ["TPS (5\u00a0%)", 520],
      ["TVQ (9,975\u00a0%)", 1037],
    ]);
    expect(price.totalCents).toBe(8900 + 1495 + 520 + 1037);

    // A later change of rates or settings does not touch it.
    const db = await getDb();
    const bands = await db.select().from(tables.shippingWeightBands);
    await db.update(tables.shippingWeightBands).set({ priceCents: 9999 });
    expect((await loadOrderDelivery(id, "fr"))!.shippingCents).toBe(1495);
    for (const band of bands)
      await db
        .update(tables.shippingWeightBands)
        .set({ priceCents: band.priceCents })
        .where(eq(tables.shippingWeightBands.id, band.id));
  });

  it("the receipt lists the address, shipping and taxes", async () => {
    const { id } = await paidOrder({ method: "ship", province: "QC" }, "fr");
    const receipt = (await buildReceipt(await getDb(), id))!;
    expect(receipt.text).toMatch(
      /Livraison à\u00a0:\nMarie Tremblay\n1234 rue Saint-Denis\nApp. 3\nMontréal QC\s+H2X 3K8\nCANADA/,
    );
    expect(receipt.text).toMatch(/TPS \(5\u00a0%\)\s+5,20\s\$/);
    expect(receipt.text).toMatch(/TVQ \(9,975\u00a0%\)\s+10,37\s\$/);
  });

  it("a pickup's receipt gives the studio's address and hours and its taxes", async () => {
    const { id } = await paidOrder({ method: "pickup" });
    const receipt = (await buildReceipt(await getDb(), id))!;
    expect(receipt.text).toContain("Pickup at the studio:\n1234 rue Saint-Denis");
    expect(receipt.text).toContain("Hours: Tuesday to Saturday");
    expect(receipt.text).toMatch(/Shipping\s+\$0\.00/);
    expect(receipt.text).toMatch(/QST \(9\.975%\)\s+\$8\.88/); // 89.00 × 9.975 % = 8.877…
  });
});

describe("fulfilment", () => {
  it("paid → packed → shipped (carrier and tracking) → delivered, with the buyer's e-mail", async () => {
    const { id } = await paidOrder({ method: "ship", province: "QC" }, "fr");
    expect(nextSteps("ship", "paid", null)).toEqual(["packed", "shipped"]);
    await advanceFulfilment(id, admin.id, "packed");
    await expect(
      advanceFulfilment(id, admin.id, "shipped", { carrier: "dhl", trackingNumber: "123456789" }),
    ).rejects.toMatchObject({ code: "fulfilment.choose_carrier", field: "carrier" });
    await expect(
      advanceFulfilment(id, admin.id, "shipped", { carrier: "canada_post", trackingNumber: "12" }),
    ).rejects.toMatchObject({ code: "fulfilment.invalid_tracking", field: "trackingNumber" });
    await expect(advanceFulfilment(id, admin.id, "delivered")).rejects.toMatchObject({
      code: "fulfilment.not_allowed",
    });
    await advanceFulfilment(id, admin.id, "shipped", { carrier: "canada_post", trackingNumber: "1234 5678 9012 3456" });

    const delivery = await loadOrderDelivery(id, "fr");
    expect(delivery).toMatchObject({
      fulfilmentStatus: "shipped",
      carrier: "canada_post",
      trackingNumber: "1234567890123456",
    });
    expect(delivery!.trackingUrl).toBe(
      "https://www.canadapost-postescanada.ca/track-reperage/fr#/details/1234567890123456",
    );
    const db = await getDb();
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, id));
    expect(order!.status).toBe("fulfilled");

    const mails = await mailsFor(id);
    const shipped = mails.find((mail) => mail.subject.includes("expédiée"))!;
    expect(shipped.to).toBe(buyer.email);
    expect(shipped.text).toContain("Postes Canada");
    expect(shipped.text).toContain("Numéro de suivi\u00a0: 1234567890123456");
    expect(shipped.text).toContain(`/fr/orders/${id}`);

    await expect(
      advanceFulfilment(id, admin.id, "shipped", { carrier: "ups", trackingNumber: "1Z999AA10123456784" }),
    ).rejects.toMatchObject({ code: "fulfilment.not_allowed" });
    await advanceFulfilment(id, admin.id, "delivered");
    expect((await loadOrderDelivery(id, "en"))!.fulfilmentStatus).toBe("delivered");
    const events = await db
      .select()
      .from(tables.orderEvents)
      .where(eq(tables.orderEvents.orderId, id))
      .orderBy(tables.orderEvents.id);
    expect(events.map((e) => [e.reason, e.detail])).toEqual([
      ["fulfilment_packed", null],
      ["fulfilment_shipped", "Canada Post 1234567890123456"],
      ["fulfilment_delivered", null],
    ]);
    expect(events.every((e) => e.actorUserId === admin.id)).toBe(true);
  });

  it("pickup: ready for pickup (e-mail with the address and hours) → picked up", async () => {
    const { id } = await paidOrder({ method: "pickup" });
    await expect(
      advanceFulfilment(id, admin.id, "shipped", { carrier: "ups", trackingNumber: "1Z999AA10123456784" }),
    ).rejects.toMatchObject({ code: "fulfilment.not_allowed" });
    await expect(advanceFulfilment(id, admin.id, "picked_up")).rejects.toMatchObject({
      code: "fulfilment.not_allowed",
    });
    await advanceFulfilment(id, admin.id, "ready_for_pickup");
    const [mail] = await mailsFor(id);
    expect(mail!.subject).toBe("Forge & Filament: order " + id + " is ready for pickup");
    expect(mail!.text).toContain("1234 rue Saint-Denis");
    expect(mail!.text).toContain("Hours: Tuesday to Saturday, 10 a.m. to 6 p.m.");
    await advanceFulfilment(id, admin.id, "picked_up");
    const db = await getDb();
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, id));
    expect(order!.status).toBe("fulfilled");
  });

  it("sends the handover e-mail at once, not at the outbox's next round", async () => {
    const { id } = await paidOrder({ method: "pickup" });
    const sent: { to?: string; subject?: string }[] = [];
    setMailSender({ sendMail: async (mail) => void sent.push(mail as { to?: string; subject?: string }) as never });
    try {
      await advanceFulfilment(id, admin.id, "ready_for_pickup");
      await expect
        .poll(() => sent.map((mail) => mail.subject), { timeout: 5_000 })
        .toContain(`Forge & Filament: order ${id} is ready for pickup`);
    } finally {
      setMailSender(null);
    }
  });

  it("hands over nothing while the buyer's approval of the finished part is awaited, unless the admin overrides it (decision 081)", async () => {
    const studio = { side: "studio" as const, staffUserId: admin.id };
    const reasons = async (orderId: string) => {
      const db = await getDb();
      const rows = await db
        .select({ reason: tables.orderEvents.reason })
        .from(tables.orderEvents)
        .where(eq(tables.orderEvents.orderId, orderId))
        .orderBy(tables.orderEvents.id);
      return rows.map((row) => row.reason);
    };
    const shipping = { carrier: "canada_post", trackingNumber: "1234567890123456" };

    const shipped = await paidOrder({ method: "ship", province: "ON" });
    await askForApproval(shipped.id, studio, "Here it is: https://example.com/p.jpg");
    // Packing is not handing over.
    await advanceFulfilment(shipped.id, admin.id, "packed");
    await expect(advanceFulfilment(shipped.id, admin.id, "shipped", shipping)).rejects.toMatchObject({
      code: "order.awaiting_approval",
    });
    expect(await mailsFor(shipped.id)).toEqual([]);
    await advanceFulfilment(shipped.id, admin.id, "shipped", { ...shipping, withoutApproval: true });
    expect(await reasons(shipped.id)).toEqual([
      "approval_requested",
      "fulfilment_packed",
      "handed_over_without_approval",
      "fulfilment_shipped",
    ]);

    const pickup = await paidOrder({ method: "pickup" });
    await askForApproval(pickup.id, studio, "Ready: https://example.com/p.jpg");
    await expect(advanceFulfilment(pickup.id, admin.id, "ready_for_pickup")).rejects.toMatchObject({
      code: "order.awaiting_approval",
    });
    await answerApproval(pickup.id, { side: "buyer" }, "approved", "");
    await advanceFulfilment(pickup.id, admin.id, "ready_for_pickup");
    await advanceFulfilment(pickup.id, admin.id, "picked_up");
    expect(await reasons(pickup.id)).not.toContain("handed_over_without_approval");
  });

  it("refuses unknown steps, unknown orders and orders that are not paid", async () => {
    await expect(advanceFulfilment("FF-NOPE", admin.id, "packed")).rejects.toMatchObject({ code: "order.not_found" });
    const { id } = await paidOrder({ method: "ship", province: "ON" });
    await expect(advanceFulfilment(id, admin.id, "teleported")).rejects.toMatchObject({
      code: "fulfilment.not_allowed",
    });
    const db = await getDb();
    await db.update(tables.orders).set({ status: "cancelled" }).where(eq(tables.orders.id, id));
    await expect(advanceFulfilment(id, admin.id, "packed")).rejects.toMatchObject({ code: "fulfilment.not_allowed" });
  });

  it("a refund sends the buyer an e-mail in the order's language", async () => {
    const { id, price } = await paidOrder({ method: "ship", province: "ON" }, "fr");
    await paidInSandbox(id);
    expect(await cancelOrderAsAdmin(id, admin.id)).toBe("refunded");
    const mail = (await mailsFor(id)).find((m) => m.subject.includes("remboursée"))!;
    expect(mail.text).toContain(`Votre commande ${id} a été annulée`);
    expect(mail.text).toContain(`${(price.totalCents / 100).toFixed(2).replace(".", ",")}\u00a0$`);
  });
});

describe("the printable invoice", () => {
  it("of a new install has no sample legal name or registration number, and the numbers once given", async () => {
    const { printableOrder } = await import("./invoice.ts");
    const { id } = await paidOrder({ method: "ship", province: "QC" });
    const db = await getDb();
    const [studio] = await db.select().from(tables.studioSettings);
    expect(studio).toMatchObject({ legalName: "", gstHstNumber: null, qstNumber: null });
    expect((await printableOrder(id, { id: buyer.id, role: "user" }, "en"))?.studio).toMatchObject({
      legalName: "Forge & Filament",
      gstHstNumber: null,
      qstNumber: null,
    });
    // An order paid before the seller was kept with it (this row is written by hand, as one from before
    // migration 0040): its invoice shows the numbers the studio has now.
    const { updateStudioSettings } = await import("../settings/shop-settings.ts");
    const terms = {
      province: "QC",
      pickupAddress: studio!.pickupAddress,
      pickupHoursEn: studio!.pickupHours.en,
      pickupHoursFr: studio!.pickupHours.fr,
      freeShippingThreshold:
        studio!.freeShippingThresholdCents === null ? "" : String(studio!.freeShippingThresholdCents / 100),
    };
    await updateStudioSettings(admin.id, {
      ...terms,
      legalName: "Atelier Lune inc.",
      gstHstNumber: "111111111 RT0001",
      qstNumber: "2222222222 TQ0001",
    });
    expect((await printableOrder(id, { id: buyer.id, role: "user" }, "en"))?.studio).toMatchObject({
      legalName: "Atelier Lune inc.",
      gstHstNumber: "111111111 RT0001",
      qstNumber: "2222222222 TQ0001",
    });
    // Back to a new install's blanks (which the form does not accept) for the tests after this one.
    await db.update(tables.studioSettings).set({ legalName: "", gstHstNumber: null, qstNumber: null });
    (await import("../db/site-changes.ts")).siteChanged("settings");
  });

  it("names the seller as it was when the order was paid, whatever changes after (review A.8)", async () => {
    const { printableOrder } = await import("./invoice.ts");
    const { updateStudioSettings } = await import("../settings/shop-settings.ts");
    await seedItems([{ id: "invoice-seller-cube", stock: 5, priceCents: 2000 }]);
    const payOne = async () => {
      const placed = await placeOrderCall(buyer, [{ itemId: "invoice-seller-cube", quantity: 1 }]);
      const intent = (await (
        await call("/api/createPaymentIntent", { cookie: buyer.cookie, body: { orderId: placed.body.order.id } })
      ).json()) as { paymentIntent: string; clientSecret: string };
      await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
        cookie: buyer.cookie,
        body: {
          clientSecret: intent.clientSecret,
          card: { number: "4242424242424242", expiry: "12 / 40", cvc: "123" },
        },
      });
      return placed.body.order.id as string;
    };
    const before = await payOne();
    const db = await getDb();
    const [studio] = await db.select().from(tables.studioSettings);
    await updateStudioSettings(admin.id, {
      province: "QC",
      pickupAddress: "1 rue Nouvelle, Québec",
      pickupHoursEn: studio!.pickupHours.en,
      pickupHoursFr: studio!.pickupHours.fr,
      freeShippingThreshold:
        studio!.freeShippingThresholdCents === null ? "" : String(studio!.freeShippingThresholdCents / 100),
      legalName: "Atelier Lune inc.",
      gstHstNumber: "111111111 RT0001",
      qstNumber: "2222222222 TQ0001",
    });
    try {
      const after = await payOne();
      expect((await printableOrder(before, { id: buyer.id, role: "user" }, "en"))?.studio).toEqual({
        legalName: "Forge & Filament",
        province: studio!.province,
        address: studio!.pickupAddress,
        gstHstNumber: null,
        qstNumber: null,
      });
      expect((await printableOrder(after, { id: buyer.id, role: "user" }, "en"))?.studio).toMatchObject({
        legalName: "Atelier Lune inc.",
        address: "1 rue Nouvelle, Québec",
        gstHstNumber: "111111111 RT0001",
      });
    } finally {
      await db.update(tables.studioSettings).set({
        legalName: "",
        gstHstNumber: null,
        qstNumber: null,
        pickupAddress: studio!.pickupAddress,
        province: studio!.province,
      });
      (await import("../db/site-changes.ts")).siteChanged("settings");
    }
  });

  it("is for the buyer and admins, of paid orders only, with the studio's details and each tax", async () => {
    const { printableOrder } = await import("./invoice.ts");
    const { id } = await paidOrder({ method: "ship", province: "QC" });
    const mine = await printableOrder(id, { id: buyer.id, role: "user" }, "en");
    expect(mine?.studio).toEqual({
      legalName: "Forge & Filament",
      address: "1234 rue Saint-Denis\nMontréal QC  H2X 3K8",
      province: "QC",
      gstHstNumber: null,
      qstNumber: null,
    });
    expect(mine?.delivery?.taxes.map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
    expect(await printableOrder(id, { id: admin.id, role: "admin" }, "en")).not.toBeNull();
    const stranger = await signUpUser();
    expect(await printableOrder(id, { id: stranger.id, role: "user" }, "en")).toBeNull();
    const db = await getDb();
    await db.update(tables.orders).set({ paidAt: null, status: "pending" }).where(eq(tables.orders.id, id));
    expect(await printableOrder(id, { id: buyer.id, role: "user" }, "en")).toBeNull();
  });
});
