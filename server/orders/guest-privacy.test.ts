import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { routeArgs } from "../../tests/support/route-args.ts";
import { seedItems } from "../../tests/support/shop.ts";
import { action as checkoutAction } from "../../app/routes/checkout.tsx";
import { action as orderAction, loader as orderLoader } from "../../app/routes/order.tsx";
import { loader as dataLoader } from "../../app/routes/order-data.tsx";
import { loader as invoiceLoader } from "../../app/routes/order-invoice.tsx";
import { addItem } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { clientAddressContext } from "../http/client-address.ts";
import { advanceFulfilment } from "./fulfilment.ts";
import { eraseOrderPersonalData } from "./guest-privacy.ts";
import { resetMailLimits } from "../mail/recipient-limit.ts";

const ORIGIN = "http://localhost:3000";
const ana = { "guest.email": "Ana@Example.test", "guest.fullName": "Ana Roy", "guest.phone": "514 555-0101" };
const bo = { "guest.email": "bo@example.test", "guest.fullName": "Bo Gagnon", "guest.phone": "418 555-0199" };
/** A delivery to a street address: the guest's name and phone go on it (checkout.tsx, withGuestContact). */
const shipped = {
  method: "ship",
  line1: "1234 rue Saint-Denis",
  line2: "App. 3",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K8",
};

let admin: TestUser;

beforeAll(async () => {
  await seedItems([{ id: "gp-cube", stock: 50, priceCents: 2500 }]);
  admin = await signUpUser("admin");
});
// Each test places orders for Ana: the link e-mails are counted per recipient.
beforeEach(() => resetMailLimits());

let ip = 0;
/** Places the browser cart's order as a guest through the checkout's action, and reads its link from the guest's e-mail. */
async function guestOrder(fields: Record<string, string> = ana) {
  const change = await addItem({ token: null }, "gp-cube", 1);
  const request = new Request(`${ORIGIN}/store/checkout`, {
    method: "POST",
    body: new URLSearchParams({ intent: "place", method: "pickup", ...fields }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      cookie: `studio_cart=${change.setCookieToken}`,
    },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, `10.49.0.${++ip}`);
  const placed = (await checkoutAction({
    request,
    url: new URL(request.url),
    params: {},
    context,
  } as never)) as Response;
  expect(placed.status).toBe(302);
  const orderId = placed.headers.get("location")!.split("/")[2]!;
  const cookie = placed.headers.get("set-cookie")!.split(";")[0]!;
  const db = await getDb();
  const [mail] = await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
  expect(mail!.to).toBe(fields["guest.email"]!.toLowerCase());
  const key = /\?key=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  return { orderId, cookie, key };
}

/** Pays the order with the sandbox's test card, as the guest's browser does. */
async function pay(orderId: string, cookie: string) {
  const intent = (await (await call("/api/createPaymentIntent", { cookie, body: { orderId } })).json()) as {
    paymentIntent: string;
    clientSecret: string;
  };
  await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    cookie,
    body: { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } },
  });
  await call("/api/verifyPayment", {
    cookie,
    body: { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret },
  });
}

/** A GET of a page or a file as a browser without cookies sends it (a link opened anywhere); what it threw, if it did. */
async function open(loader: (args: never) => unknown, path: string) {
  const request = new Request(`${ORIGIN}${path}`);
  const id = /\/orders\/([^/?]+)/.exec(path)![1]!;
  try {
    return { result: (await loader(routeArgs(request, { id }))) as any, thrown: undefined };
  } catch (thrown) {
    return { result: undefined, thrown: thrown as any };
  }
}

/** The order page's "Erase my details" form, posted as the browser posts it without JavaScript. */
async function postErase(
  orderId: string,
  fields: Record<string, string>,
  options: { prefix?: string; origin?: string; query?: string } = {},
) {
  const request = new Request(`${ORIGIN}${options.prefix ?? ""}/orders/${orderId}${options.query ?? ""}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "erase-details", ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin ?? ORIGIN },
  });
  try {
    const answer = (await orderAction(routeArgs(request, { id: orderId }))) as any;
    return { status: answer.init?.status ?? 200, body: answer.data as { ok: boolean; message: string } };
  } catch (thrown) {
    return { status: (thrown as any).init.status as number, body: undefined };
  }
}

async function contactRows(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.orderContacts).where(eq(tables.orderContacts.orderId, orderId));
}

describe("a guest's copy of their data", () => {
  it("is a JSON file with their contact and their order, and nothing of another order", async () => {
    const mine = await guestOrder({ ...ana, ...shipped });
    const theirs = await guestOrder(bo);
    const { result: file } = await open(dataLoader, `/orders/${mine.orderId}/data?key=${mine.key}`);
    expect(file).toBeInstanceOf(Response);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^application\/json/);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="order-${mine.orderId}-data.json"`);
    const text = await file.text();
    const copy = JSON.parse(text);
    expect(copy.order.contact).toEqual({ email: "ana@example.test", fullName: "Ana Roy", phone: "514 555-0101" });
    expect(copy.order).toMatchObject({ id: mine.orderId, status: "pending", locale: "en", currency: "CAD" });
    expect(copy.order.lines).toEqual([
      expect.objectContaining({
        name: { en: "Name of gp-cube", fr: "Nom de gp-cube" },
        quantity: 1,
        unitPriceCents: 2500,
      }),
    ]);
    expect(copy.order.delivery.method).toBe("ship");
    expect(copy.order.delivery.address).toMatchObject({
      fullName: "Ana Roy",
      line1: "1234 rue Saint-Denis",
      line2: "App. 3",
      city: "Montréal",
      province: "QC",
      phone: "514 555-0101",
    });
    expect(copy.order.taxes.map((tax: { code: string }) => tax.code).sort()).toEqual(["GST", "QST"]);
    expect(copy.order.history.map((event: { reason: string }) => event.reason)).toEqual(["placed"]);
    expect(copy.customPrints).toEqual([]);
    expect(text).not.toContain(theirs.orderId);
    expect(text).not.toContain("bo@example.test");
    expect(text).not.toContain("Bo Gagnon");
  });

  it("is a missing file for another order's key, a guessed key, or no key", async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder(bo);
    for (const query of [`?key=${theirs.key}`, `?key=${"A".repeat(43)}`, ""]) {
      const { result: file } = await open(dataLoader, `/orders/${mine.orderId}/data${query}`);
      expect(file.status, query).toBe(404);
      expect(await file.text(), query).not.toContain("ana@example.test");
    }
  });
});

describe("erasing a guest's details", () => {
  it("is refused while the order is paid but not handed over, with why, in the buyer's language", async () => {
    const { orderId, cookie, key } = await guestOrder();
    await pay(orderId, cookie);
    const french = await postErase(orderId, { key, confirm: "on" }, { prefix: "/fr" });
    expect(french.status).toBe(409);
    expect(french.body!.ok).toBe(false);
    expect(french.body!.message).toMatch(/^Vos coordonnées nous sont nécessaires jusqu’à ce que votre commande/);
    const english = await postErase(orderId, { key, confirm: "on" });
    expect(english.status).toBe(409);
    expect(english.body!.message).toMatch(/^Your details are needed until your order is complete/);
    // Nothing was erased: the page still knows whom to tell when it is ready.
    const { result: page } = await open(orderLoader, `/orders/${orderId}?key=${key}`);
    expect(page.data.buyerEmail).toBe("ana@example.test");
    expect(await contactRows(orderId)).toHaveLength(1);
  });

  it("asks for the box to be ticked, and erases nothing until it is", async () => {
    const { orderId, key } = await guestOrder();
    const unticked = await postErase(orderId, { key });
    expect(unticked.status).toBe(400);
    expect(unticked.body!.message).toBe("Tick the box to confirm that you want your details erased.");
    expect(await contactRows(orderId)).toHaveLength(1);
  });

  it("once the order is picked up, removes the contact and keeps the order, its lines and its invoice", async () => {
    const { orderId, cookie, key } = await guestOrder();
    await pay(orderId, cookie);
    await advanceFulfilment(orderId, admin.id, "ready_for_pickup");
    await advanceFulfilment(orderId, admin.id, "picked_up");
    const before = await open(orderLoader, `/orders/${orderId}?key=${key}`);
    expect(before.result.data.order.status).toBe("fulfilled");

    // The key comes from the address this time (a form posted from the link's page).
    const erased = await postErase(orderId, { confirm: "on" }, { prefix: "/fr", query: `?key=${key}` });
    expect(erased).toEqual({
      status: 200,
      body: { ok: true, message: expect.stringMatching(/^Votre nom, votre adresse courriel/) },
    });
    expect(await contactRows(orderId)).toEqual([]);

    // The link still opens the order, as it was sold, with nobody's details on it.
    const after = await open(orderLoader, `/orders/${orderId}?key=${key}`);
    expect(after.result.data.buyerEmail).toBe("");
    expect(after.result.data.order.lines).toEqual(before.result.data.order.lines);
    expect(after.result.data.order.totalCents).toBe(before.result.data.order.totalCents);
    const invoice = await open(invoiceLoader, `/orders/${orderId}/invoice?key=${key}`);
    expect(invoice.result.order.id).toBe(orderId);
    expect(invoice.result.order.lines).toHaveLength(1);
    expect(invoice.result.buyer).toEqual({ name: "", email: "" });
    // The e-mails sent about it, with the guest's address and name, are gone too.
    const db = await getDb();
    expect(await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId))).toEqual([]);
    const { result: file } = await open(dataLoader, `/orders/${orderId}/data?key=${key}`);
    const copy = await file.json();
    expect(copy.order.contact).toBeNull();
    expect(JSON.stringify(copy)).not.toMatch(/ana@example|Ana Roy|555-0101/i);

    // Asked again (a second click, a reload that posts again): the same answer.
    expect((await postErase(orderId, { key, confirm: "on" })).body).toEqual({ ok: true, message: expect.any(String) });
  });

  it("once the parcel is shipped, blanks the street address and keeps where it went for its taxes", async () => {
    const { orderId, cookie, key } = await guestOrder({ ...ana, ...shipped });
    await pay(orderId, cookie);
    await advanceFulfilment(orderId, admin.id, "shipped", {
      carrier: "canada_post",
      trackingNumber: "1234567890123456",
    });
    expect((await postErase(orderId, { key, confirm: "on" })).status).toBe(200);
    const { result: page } = await open(orderLoader, `/orders/${orderId}?key=${key}`);
    expect(page.data.delivery.addressLines).toEqual(["Montréal QC  H2X 3K8", "CANADA"]);
    expect(page.data.delivery.taxes.map((tax: { code: string }) => tax.code).sort()).toEqual(["GST", "QST"]);
    const db = await getDb();
    const [delivery] = await db.select().from(tables.orderDelivery).where(eq(tables.orderDelivery.orderId, orderId));
    expect(delivery!.address).toEqual({
      fullName: "",
      line1: "",
      city: "Montréal",
      province: "QC",
      postalCode: "H2X 3K8",
      country: "CA",
    });
  });

  it("for an order still to be delivered (an account's deletion), removes the contact and keeps the parcel's address", async () => {
    const { orderId, cookie } = await guestOrder({ ...ana, ...shipped });
    await pay(orderId, cookie);
    const db = await getDb();
    await db.transaction((tx) => eraseOrderPersonalData(tx, [orderId]));
    expect(await contactRows(orderId)).toEqual([]);
    const [delivery] = await db.select().from(tables.orderDelivery).where(eq(tables.orderDelivery.orderId, orderId));
    expect(delivery!.address).toMatchObject({ fullName: "Ana Roy", line1: "1234 rue Saint-Denis", line2: "App. 3" });
  });

  it("refuses a form posted from another site, and a key that does not open the order", async () => {
    const { orderId, cookie, key } = await guestOrder();
    await pay(orderId, cookie);
    await advanceFulfilment(orderId, admin.id, "ready_for_pickup");
    await advanceFulfilment(orderId, admin.id, "picked_up");
    const crossSite = await postErase(orderId, { key, confirm: "on" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const theirs = await guestOrder(bo);
    const wrongKey = await postErase(orderId, { key: theirs.key, confirm: "on" });
    expect(wrongKey.status).toBe(404);
    expect(await contactRows(orderId)).toHaveLength(1);
  });
});
