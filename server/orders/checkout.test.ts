import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { ipOf, orderRow, receiptsFor, seedItems, stockOf } from "../../tests/support/shop.ts";
import { action, loader } from "../../app/routes/checkout.tsx";
import { taxDate } from "../../domain/tax.ts";
import { addItem } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { addAddress, listAddresses, setDefaultAddress } from "../accounts/addresses.ts";
import { clientAddressContext } from "../http/client-address.ts";
import { inOwnScope } from "../http/request-scope.ts";
import { getItem, updateInventory } from "../inventory/items.ts";
import { addTaxRate } from "../settings/shop-settings.ts";
import { listenAsAServer } from "../../tests/support/per-file-database.ts";
import { routeArgs } from "../../tests/support/route-args.ts";

/** The checkout page's form posts, as a browser without JavaScript sends them. */
type Answer = {
  data: {
    figures: {
      subtotalCents: number;
      shippingCents: number;
      taxes: { label: string; amountCents: number }[];
      totalCents: number;
    } | null;
    message?: string;
    fields?: Record<string, string>;
  };
  init?: { status?: number };
};

const quebec = {
  fullName: "Marie Tremblay",
  line1: "1234 rue Saint-Denis",
  city: "Montréal",
  province: "QC",
  postalCode: "h2x 3k8",
};

const ontario = { fullName: "Sam Lee", line1: "1 King St W", city: "Toronto", province: "ON", postalCode: "M5H 2N2" };

async function post(user: TestUser, fields: Record<string, string>, prefix = ""): Promise<Answer | Response> {
  const request = new Request(`http://localhost:3000${prefix}/store/checkout`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      cookie: user.cookie,
    },
  });
  // The action returns data() or a plain object for "update", a redirect for a placed order.
  const context = new RouterContextProvider();
  context.set(clientAddressContext, ipOf(user));
  const result = (await action({ request, url: new URL(request.url), params: {}, context } as never)) as unknown;
  if (result instanceof Response) return result;
  const answer = result as { type?: string; data?: unknown; init?: { status?: number } };
  return answer.type === "DataWithResponseInit" ? (answer as Answer) : ({ data: result } as Answer);
}

async function verifiedBuyer(): Promise<TestUser> {
  const buyer = await signUpUser();
  const db = await getDb();
  await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  return buyer;
}

beforeAll(listenAsAServer);
beforeAll(async () => {
  await seedItems([
    { id: "ck-bust", stock: 20, priceCents: 8900 },
    { id: "ck-two", stock: 2, priceCents: 8900 },
  ]);
  const db = await getDb();
  await db.update(tables.inventoryItems).set({ weightGrams: 650 }).where(eq(tables.inventoryItems.id, "ck-bust"));
  await db.update(tables.inventoryItems).set({ weightGrams: 650 }).where(eq(tables.inventoryItems.id, "ck-two"));
});

describe("the checkout's figures (intent update)", () => {
  it("prices a delivery to Quebec with GST and QST, and in French TPS and TVQ", async () => {
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-bust", 1);
    const en = (await post(buyer, { intent: "update", method: "ship", ...quebec })) as Answer;
    expect(en.data.figures).toMatchObject({
      subtotalCents: 8900,
      shippingCents: 1495,
      totalCents: 8900 + 1495 + 520 + 1037,
    });
    expect(en.data.figures!.taxes.map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
    const fr = (await post(buyer, { intent: "update", method: "ship", ...quebec }, "/fr")) as Answer;
    expect(fr.data.figures!.taxes.map((t) => t.label)).toEqual(["TPS (5\u00a0%)", "TVQ (9,975\u00a0%)"]);
    const ontario = (await post(buyer, {
      intent: "update",
      method: "ship",
      ...quebec,
      province: "ON",
      postalCode: "M5V 2T6",
    })) as Answer;
    expect(ontario.data.figures!.taxes.map((t) => t.label)).toEqual(["HST ON (13%)"]);
    const pickup = (await post(buyer, { intent: "update", method: "pickup" })) as Answer;
    expect(pickup.data.figures).toMatchObject({ shippingCents: 0, totalCents: 8900 + 445 + 888 });
  });

  it("says what is wrong, field by field, in the buyer's language", async () => {
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-bust", 1);
    const postal = (await post(buyer, { intent: "update", method: "ship", ...quebec, postalCode: "12345" })) as Answer;
    expect(postal.data).toMatchObject({
      figures: null,
      message: "Please check the delivery address.",
      fields: { postalCode: "Enter a Canadian postal code, like A1A 1A1" },
    });
    const elsewhere = (await post(
      buyer,
      { intent: "update", method: "ship", ...quebec, postalCode: "M5V 2T6" },
      "/fr",
    )) as Answer;
    expect(elsewhere.data.fields).toEqual({ postalCode: "Ce code postal n’est pas dans la province choisie" });
    const province = (await post(buyer, { intent: "update", method: "ship", ...quebec, province: "NY" })) as Answer;
    expect(province.data.fields).toEqual({ province: "Choose a province or territory" });
    const foreign = (await post(
      buyer,
      { intent: "update", method: "ship", ...quebec, country: "USA" },
      "/fr",
    )) as Answer;
    expect(foreign.data.fields).toEqual({
      country: "Nous livrons au Canada seulement. Pour une livraison ailleurs, écrivez-nous.",
    });
    const foreignEn = (await post(buyer, { intent: "update", method: "ship", ...quebec, country: "USA" })) as Answer;
    expect(foreignEn.data.fields).toEqual({
      country: "We ship within Canada only. For delivery elsewhere, please contact us.",
    });
    const missing = (await post(buyer, { intent: "update", method: "ship", province: "QC" }, "/fr")) as Answer;
    expect(missing.data.fields).toMatchObject({
      fullName: "Ce champ est obligatoire",
      line1: "Ce champ est obligatoire",
      city: "Ce champ est obligatoire",
      postalCode: "Ce champ est obligatoire",
    });
  });
});

describe("placing the order (intent place)", () => {
  it("asks a buyer whose address is not verified for a guest's details, and holds nothing without them", async () => {
    const buyer = await signUpUser();
    await addItem({ userId: buyer.id }, "ck-bust", 1);
    const before = await stockOf("ck-bust");
    const refused = (await post(buyer, { intent: "place", method: "pickup" }, "/fr")) as Answer;
    expect(refused.init?.status).toBe(400);
    expect(Object.keys(refused.data.fields ?? {})).toEqual(
      expect.arrayContaining(["guest.email", "guest.fullName", "guest.phone"]),
    );
    expect(await stockOf("ck-bust")).toBe(before);
    const placed = (await post(
      buyer,
      {
        intent: "place",
        method: "pickup",
        "guest.email": buyer.email,
        "guest.fullName": "Léa Gagnon",
        "guest.phone": "438 555-0123",
      },
      "/fr",
    )) as Response;
    expect(placed.status).toBe(302);
    expect(await stockOf("ck-bust")).toBe(before - 1);
  });

  it("refuses a foreign address with a clear message and places nothing", async () => {
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-bust", 1);
    const before = await stockOf("ck-bust");
    const refused = (await post(buyer, { intent: "place", method: "ship", ...quebec, country: "France" })) as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fields).toEqual({
      country: "We ship within Canada only. For delivery elsewhere, please contact us.",
    });
    expect(await stockOf("ck-bust")).toBe(before);
  });

  it("charges items + shipping + taxes: the order, the payment address, the intent and the receipt agree", async () => {
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-bust", 2);
    // 178 $ of goods reach the studio's free-shipping threshold: GST 5 % and QST 9.975 % of 17 800.
    const total = 17800 + 0 + 890 + 1776;
    const placed = (await post(buyer, { intent: "place", method: "ship", ...quebec, saveAddress: "on" })) as Response;
    expect(placed.status).toBe(302);
    const location = placed.headers.get("location")!;
    const [, orderId, amount] = location.match(/^\/payment\/(FF-[0-9A-Z]+)\/(\d+)$/)!;
    const order = await orderRow(orderId!);
    expect(order.totalCents).toBe(Number(amount));
    const db = await getDb();
    const [delivery] = await db.select().from(tables.orderDelivery).where(eq(tables.orderDelivery.orderId, orderId!));
    const taxes = await db.select().from(tables.orderTaxLines).where(eq(tables.orderTaxLines.orderId, orderId!));
    expect(delivery).toMatchObject({
      method: "ship",
      subtotalCents: 17800,
      shippingCents: 0,
      address: { postalCode: "H2X 3K8", province: "QC" },
    });
    expect(delivery!.subtotalCents + delivery!.shippingCents + taxes.reduce((sum, t) => sum + t.amountCents, 0)).toBe(
      order.totalCents,
    );
    expect(order.totalCents).toBe(
      delivery!.subtotalCents + delivery!.shippingCents + taxes.reduce((s, t) => s + t.amountCents, 0),
    );
    expect(taxes.map((t) => t.code)).toEqual(["GST", "QST"]);
    expect((await listAddresses(buyer.id)).map((a) => a.postalCode)).toEqual(["H2X 3K8"]);

    const intent = await call("/api/createPaymentIntent", {
      cookie: buyer.cookie,
      body: { orderId, amount: 1 },
      ip: ipOf(buyer),
    });
    const pay = (await intent.json()) as { amount: number; paymentIntent: string; clientSecret: string };
    expect(pay.amount).toBe(order.totalCents);
    await call(`/api/sandbox/payment_intents/${pay.paymentIntent}/confirm`, {
      cookie: buyer.cookie,
      ip: ipOf(buyer),
      body: { clientSecret: pay.clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
    });
    await call("/api/verifyPayment", {
      cookie: buyer.cookie,
      ip: ipOf(buyer),
      body: { paymentIntent: pay.paymentIntent, clientSecret: pay.clientSecret },
    });
    expect((await orderRow(orderId!)).status).toBe("paid");
    const [receipt] = await receiptsFor(orderId!);
    const text = JSON.stringify(receipt);
    for (const words of ["Marie Tremblay", "H2X 3K8", "GST", "QST"]) expect(text).toContain(words);
    expect(total).toBe(order.totalCents);
  });

  it("resumes the unpaid order for the same cart and delivery; another address cancels it and holds the stock once", async () => {
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-two", 2);
    const first = (await post(buyer, { intent: "place", method: "ship", ...quebec })) as Response;
    expect(await stockOf("ck-two")).toBe(0);
    const again = (await post(buyer, { intent: "place", method: "ship", ...quebec, postalCode: "H2X3K8" })) as Response;
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const moved = (await post(buyer, { intent: "place", method: "pickup" })) as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).not.toBe(first.headers.get("location"));
    expect(await stockOf("ck-two")).toBe(0);
    const firstId = first.headers.get("location")!.split("/")[2]!;
    expect((await orderRow(firstId)).status).toBe("cancelled");
    expect(moved.headers.get("location")).toMatch(new RegExp(`/${17800 + 890 + 1776}$`));
  });
});

describe("choosing among saved addresses", () => {
  it("offers each saved address (the default chosen) and a new one; the chosen one sets shipping and taxes; only the buyer's own", async () => {
    const buyer = await verifiedBuyer();
    const other = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-bust", 1);
    const montreal = await addAddress(buyer.id, quebec);
    const toronto = await addAddress(buyer.id, ontario);
    await setDefaultAddress(buyer.id, toronto.id);
    const theirs = await addAddress(other.id, { ...quebec, fullName: "Kim Roy" });

    const request = new Request("http://localhost:3000/store/checkout", { headers: { cookie: buyer.cookie } });
    const page = (await loader(routeArgs(request))) as {
      savedAddresses: { id: string; label: string }[];
      delivery: { method: string; addressId: string };
    };
    expect(page.savedAddresses).toEqual([
      { id: toronto.id, label: "Sam Lee, 1 King St W, Toronto ON M5H 2N2" },
      { id: montreal.id, label: "Marie Tremblay, 1234 rue Saint-Denis, Montréal QC H2X 3K8" },
    ]);
    expect(page.delivery).toMatchObject({ method: "ship", addressId: toronto.id });

    const inOntario = (await post(buyer, { intent: "update", method: "ship", addressId: toronto.id })) as Answer;
    expect(inOntario.data.figures!.taxes.map((t) => t.label)).toEqual(["HST ON (13%)"]);
    const inQuebec = (await post(buyer, { intent: "update", method: "ship", addressId: montreal.id })) as Answer;
    expect(inQuebec.data.figures!.taxes.map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
    // Fields typed beside a saved address's id are not read: the saved address is.
    const ignored = (await post(buyer, {
      intent: "update",
      method: "ship",
      addressId: montreal.id,
      ...quebec,
      province: "ON",
      postalCode: "M5V 2T6",
    })) as Answer;
    expect(ignored.data.figures!.taxes.map((t) => t.label)).toEqual(["GST (5%)", "QST (9.975%)"]);
    const stolen = (await post(buyer, { intent: "update", method: "ship", addressId: theirs.id }, "/fr")) as Answer;
    expect(stolen.data).toMatchObject({
      figures: null,
      fields: { addressId: "Choisissez une de vos adresses enregistrées, ou saisissez-en une nouvelle." },
    });

    const placed = (await post(buyer, { intent: "place", method: "ship", addressId: toronto.id })) as Response;
    expect(placed.status).toBe(302);
    const orderId = placed.headers.get("location")!.split("/")[2]!;
    const db = await getDb();
    const [delivery] = await db.select().from(tables.orderDelivery).where(eq(tables.orderDelivery.orderId, orderId));
    expect(delivery!.address).toMatchObject({ city: "Toronto", province: "ON", postalCode: "M5H 2N2" });
    const taxes = await db.select().from(tables.orderTaxLines).where(eq(tables.orderTaxLines.orderId, orderId));
    expect(taxes.map((t) => t.code)).toEqual(["HST"]);
    expect(await listAddresses(buyer.id)).toHaveLength(2);
  });
});

describe("the figures the page opens with, kept with the buyer's cart", () => {
  type Opened = { figures: Answer["data"]["figures"] };
  /** As a browser's GET of the page reads it: in a GET's scope, where what is kept may answer. */
  const opened = (buyer: TestUser) =>
    inOwnScope("GET", async () => {
      const request = new Request("http://localhost:3000/store/checkout", { headers: { cookie: buyer.cookie } });
      return (await loader(routeArgs(request))) as Opened;
    });
  const taxLabels = async (buyer: TestUser) => (await opened(buyer)).figures?.taxes.map((t) => t.label);

  it("follow the cart, the item's price and the buyer's default address, and are each buyer's own", async () => {
    await seedItems([{ id: "ck-kept", stock: 20, priceCents: 5000 }]);
    const db = await getDb();
    await db.update(tables.inventoryItems).set({ weightGrams: 400 }).where(eq(tables.inventoryItems.id, "ck-kept"));
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-kept", 1);
    await addAddress(buyer.id, quebec);
    await expect.poll(() => taxLabels(buyer), { timeout: 5_000 }).toEqual(["GST (5%)", "QST (9.975%)"]);
    // Kept: two reads give the very same figures.
    await expect.poll(async () => (await opened(buyer)).figures === (await opened(buyer)).figures).toBe(true);
    expect((await opened(buyer)).figures!.subtotalCents).toBe(5000);

    await addItem({ userId: buyer.id }, "ck-kept", 1);
    expect((await opened(buyer)).figures!.subtotalCents).toBe(10_000);

    const item = (await getItem("ck-kept"))!;
    await updateInventory({ itemId: item.id, version: item.version, updates: { price: 60 } });
    await expect.poll(async () => (await opened(buyer)).figures!.subtotalCents, { timeout: 5_000 }).toBe(12_000);

    const toronto = await addAddress(buyer.id, ontario);
    await setDefaultAddress(buyer.id, toronto.id);
    await expect.poll(() => taxLabels(buyer), { timeout: 5_000 }).toEqual(["HST ON (13%)"]);
    // Edited in place, past the site's own modules: only the database's notice says so.
    await db
      .update(tables.addresses)
      .set({ province: "AB", postalCode: "T5J 0N3" })
      .where(eq(tables.addresses.id, toronto.id));
    await expect.poll(() => taxLabels(buyer), { timeout: 5_000 }).toEqual(["GST (5%)"]);

    const other = await verifiedBuyer();
    expect((await opened(other)).figures).toBeNull();
    await addItem({ userId: other.id }, "ck-kept", 3);
    const theirs = await opened(other);
    expect(theirs.figures).toMatchObject({ subtotalCents: 18_000, shippingCents: 0 });
    expect((await opened(buyer)).figures!.subtotalCents).toBe(12_000);
  });

  it("are priced again as the studio's day turns, when a rate set for the new day applies", async () => {
    await seedItems([{ id: "ck-day", stock: 5, priceCents: 10_000 }]);
    const buyer = await verifiedBuyer();
    await addItem({ userId: buyer.id }, "ck-day", 1);
    await addAddress(buyer.id, ontario);
    // Twenty seconds before the studio's next midnight: within the figures' lifetime across it.
    let lastSeconds = Date.now();
    while (taxDate(new Date(lastSeconds + 20_000)) === taxDate(new Date())) lastSeconds += 10_000;
    const newDay = taxDate(new Date(lastSeconds + 20_000));
    const { id: adminId } = await signUpUser("admin");
    await addTaxRate(adminId, { tax: "HST-ON", percent: "14", effectiveFrom: newDay });
    await expect.poll(() => taxLabels(buyer), { timeout: 5_000 }).toEqual(["HST ON (13%)"]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(lastSeconds);
      const before = await opened(buyer);
      expect(before.figures!.taxes.map((t) => t.label)).toEqual(["HST ON (13%)"]);
      expect((await opened(buyer)).figures).toBe(before.figures);
      vi.setSystemTime(lastSeconds + 20_000);
      expect(await taxLabels(buyer)).toEqual(["HST ON (14%)"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
