import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { orderRow, seedItems, shelfOf } from "../../tests/support/shop.ts";
import { config } from "../config.ts";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/checkout.tsx";
import { loader as orderLoader } from "../../app/routes/order.tsx";
import { loader as invoiceLoader } from "../../app/routes/order-invoice.tsx";
import { addItem } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { clientAddressContext } from "../http/client-address.ts";
import { markVerifiedByHand } from "../admin/customers.ts";
import { hashAccessKey } from "./access-keys.ts";
import { hashCartToken } from "../cart/cookie.ts";
import { orderDetailForAdmin } from "./queries.ts";
import { advanceFulfilment } from "./fulfilment.ts";
import { refundOrder } from "./refunds.ts";
import { routeArgs } from "../../tests/support/route-args.ts";
import { resetMailLimits } from "../mail/recipient-limit.ts";

const ORIGIN = "http://localhost:3000";
const ana = { "guest.email": "Ana@Example.test", "guest.fullName": "Ana Roy", "guest.phone": "514 555-0101" };
const bea = { "guest.email": "bea@example.test", "guest.fullName": "Béa Roy", "guest.phone": "514 555-0102" };

/** A visitor's browser: its cart cookie, with one item in the cart. */
async function browserWithCart(itemId = "gc-cube", quantity = 1): Promise<string> {
  const change = await addItem({ token: null }, itemId, quantity);
  return `studio_cart=${change.setCookieToken}`;
}

let ip = 0;
async function placeAsGuest(cookie: string, fields: Record<string, string>, prefix = "", from = `10.36.0.${++ip}`) {
  const request = new Request(`${ORIGIN}${prefix}/store/checkout`, {
    method: "POST",
    body: new URLSearchParams({ intent: "place", method: "pickup", ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, from);
  return (await checkoutAction({ request, url: new URL(request.url), params: {}, context } as never)) as unknown;
}

/** Places a guest order and reads its link from the e-mail queued for the guest. */
async function guestOrder(fields = ana) {
  const result = (await placeAsGuest(await browserWithCart(), fields)) as Response;
  expect(result.status).toBe(302);
  const orderId = result.headers.get("location")!.split("/")[2]!;
  const cookie = result.headers.get("set-cookie")!.split(";")[0]!;
  const db = await getDb();
  const [mail] = await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
  const key = /\?key=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  return { orderId, cookie, key, mail: mail!, location: result.headers.get("location")! };
}

async function openPage(loader: typeof orderLoader | typeof invoiceLoader, path: string, cookie = "") {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie } });
  const url = new URL(request.url);
  const id = /\/orders\/([^/]+)/.exec(url.pathname)![1];
  try {
    const context = new RouterContextProvider();
    return { result: (await loader({ request, url, params: { id }, context } as never)) as any };
  } catch (thrown) {
    return { thrown: thrown as any };
  }
}

beforeAll(async () => {
  await seedItems([
    { id: "gc-cube", stock: 50, priceCents: 2500 },
    { id: "hold-cube", stock: 20, priceCents: 1000 },
  ]);
});
// Each test places a few orders for Ana: the link e-mails are counted per recipient.
beforeEach(() => resetMailLimits());

describe("guest checkout", () => {
  it("places the browser's cart with no account, and sends the buyer to pay", async () => {
    const { location, cookie, mail } = await guestOrder();
    expect(location).toMatch(/^\/payment\/[^/]+\/\d+$/);
    expect(cookie).toMatch(/^studio_guest_order=/);
    expect(mail.to).toBe("ana@example.test");
    expect(mail.text).toContain("Ana Roy");
  });

  it("shows the admin the guest's address on the order", async () => {
    const { orderId } = await guestOrder();
    expect((await orderDetailForAdmin(orderId))!.buyer.email).toBe("ana@example.test");
  });

  it("keeps only the key's sha256, of at least 128 bits", async () => {
    const { orderId, key } = await guestOrder();
    const db = await getDb();
    const [row] = await db.select().from(tables.orderAccessKeys).where(eq(tables.orderAccessKeys.orderId, orderId));
    expect(row!.keyHash).toBe(hashAccessKey(key));
    expect(row!.keyHash).not.toContain(key);
    expect(Buffer.from(key, "base64url").length).toBeGreaterThanOrEqual(16);
  });

  it("says which detail is wrong, in the buyer's language, and keeps the cart", async () => {
    const cookie = await browserWithCart();
    const en = (await placeAsGuest(cookie, { "guest.email": "nope", "guest.fullName": "", "guest.phone": "x" })) as any;
    expect(en.init.status).toBe(400);
    expect(en.data.fields).toMatchObject({
      "guest.email": "Enter an e-mail address such as name@example.ca",
      "guest.fullName": "Required",
    });
    const fr = (await placeAsGuest(cookie, { ...ana, "guest.email": "non" }, "/fr")) as any;
    expect(fr.data.fields["guest.email"]).toBe("Entrez une adresse courriel comme nom@exemple.ca");
    // The cart is still the browser's: the next try places it.
    expect(((await placeAsGuest(cookie, ana)) as Response).status).toBe(302);
  });

  it("refuses an empty cart", async () => {
    const answer = (await placeAsGuest("", ana)) as any;
    expect(answer.init.status).toBe(400);
  });

  it("is rate-limited like sign-up: five a minute from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const request = new Request(`${ORIGIN}/store/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "place", method: "pickup", ...ana }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          cookie: await browserWithCart(),
        },
      });
      const context = new RouterContextProvider();
      context.set(clientAddressContext, "10.36.99.1");
      const result = (await checkoutAction({
        request,
        url: new URL(request.url),
        params: {},
        context,
      } as never)) as any;
      statuses.push(result instanceof Response ? result.status : result.init.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
  });
});

describe("a guest order opens only by its link", () => {
  it("opens the order by its key, and its invoice once paid", async () => {
    const { orderId, key } = await guestOrder();
    const page = await openPage(orderLoader, `/orders/${orderId}?key=${key}`);
    expect(page.result.data.order.id).toBe(orderId);
    // The browser that opens the link may pay for the order from there.
    expect(page.result.init.headers["Set-Cookie"]).toMatch(new RegExp(`^studio_guest_order=${orderId}\\.${key};`));
    const db = await getDb();
    await db.update(tables.orders).set({ status: "paid", paidAt: new Date() }).where(eq(tables.orders.id, orderId));
    const invoice = await openPage(invoiceLoader, `/fr/orders/${orderId}/invoice?key=${key}`);
    expect(invoice.result.order.id).toBe(orderId);
    expect(invoice.result.buyer.email).toBe("ana@example.test");
  });

  it("answers 404 for another guest's key, a guessed key, and goes to log in for the number alone", async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder(bea);
    const other = await openPage(orderLoader, `/orders/${mine.orderId}?key=${theirs.key}`);
    expect(other.thrown.init.status).toBe(404);
    const guessed = await openPage(orderLoader, `/orders/${mine.orderId}?key=${"A".repeat(43)}`);
    expect(guessed.thrown.init.status).toBe(404);
    const invoice = await openPage(invoiceLoader, `/orders/${mine.orderId}/invoice?key=${theirs.key}`);
    expect(invoice.thrown.init.status).toBe(404);
    const bare = await openPage(orderLoader, `/orders/${mine.orderId}`);
    expect(bare.thrown).toBeInstanceOf(Response);
    expect(bare.thrown.headers.get("location")).toMatch(/^\/login/);
  });

  it("the receipt carries a link of its own that opens the order anywhere", async () => {
    const { orderId, cookie, mail } = await guestOrder();
    expect(mail.subject).toContain(`Your order ${orderId}`);
    expect(mail.html).toContain(`/orders/${orderId}?key=`);
    const intent = (await (await call("/api/createPaymentIntent", { cookie, body: { orderId } })).json()) as {
      paymentIntent: string;
      clientSecret: string;
    };
    await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      cookie,
      body: {
        clientSecret: intent.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      },
    });
    const db = await getDb();
    const receipt = (await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId))).find((queued) =>
      queued.subject.includes("receipt"),
    );
    const link = new RegExp(`http://localhost:3000(/orders/${orderId}\\?key=[A-Za-z0-9_-]{43})`).exec(receipt!.text);
    expect(link).not.toBeNull();
    expect(receipt!.html).toContain(link![1]);
    // Opened in another browser (no cookie), it shows the order.
    const page = await openPage(orderLoader, link![1]!);
    expect(page.result.data.order.id).toBe(orderId);
  });

  it("the ready-for-pickup and refund e-mails carry links that open the order anywhere", async () => {
    const { orderId, cookie } = await guestOrder();
    const intent = (await (await call("/api/createPaymentIntent", { cookie, body: { orderId } })).json()) as {
      paymentIntent: string;
      clientSecret: string;
    };
    await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      cookie,
      body: {
        clientSecret: intent.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      },
    });
    const admin = await signUpUser("admin");
    await advanceFulfilment(orderId, admin.id, "ready_for_pickup");
    await refundOrder(orderId, admin.id, { request: { kind: "amount", amountCents: 100 }, restock: false });
    const db = await getDb();
    const mails = await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
    for (const subject of [/ready for pickup/i, /refund/i]) {
      const mail = mails.find((queued) => subject.test(queued.subject));
      expect(mail, String(subject)).toBeDefined();
      const link = new RegExp(`http://localhost:3000(/orders/${orderId}\\?key=[A-Za-z0-9_-]{43})`).exec(mail!.text);
      expect(link, String(subject)).not.toBeNull();
      const page = await openPage(orderLoader, link![1]!);
      expect(page.result.data.order.id).toBe(orderId);
    }
  });

  it("lets the guest's browser pay for its order, and only that order", async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder(bea);
    const paying = await call("/api/createPaymentIntent", { cookie: mine.cookie, body: { orderId: mine.orderId } });
    expect(paying.status).toBe(200);
    const another = await call("/api/createPaymentIntent", { cookie: mine.cookie, body: { orderId: theirs.orderId } });
    expect(another.status).toBe(401);
    const forged = await call("/api/createPaymentIntent", {
      cookie: `studio_guest_order=${theirs.orderId}.${mine.key}`,
      body: { orderId: theirs.orderId },
    });
    expect(forged.status).toBe(401);
  });
});

describe("a guest's orders join an account", () => {
  it("only once the account has verified the same address", async () => {
    const buyer = await signUpUser();
    const { orderId } = await guestOrder({ ...ana, "guest.email": buyer.email.toUpperCase() });
    const db = await getDb();
    const ownerOf = async () =>
      (await db.select({ userId: tables.orders.userId }).from(tables.orders).where(eq(tables.orders.id, orderId)))[0]!
        .userId;
    expect(await ownerOf()).not.toBe(buyer.id);
    const admin = await signUpUser("admin");
    expect(await markVerifiedByHand(admin.id, buyer.id)).toBe(true);
    expect(await ownerOf()).toBe(buyer.id);
  });

  it("when the account opens its verification link", async () => {
    const buyer = await signUpUser();
    const { orderId } = await guestOrder({ ...ana, "guest.email": buyer.email });
    const db = await getDb();
    const ownerOf = async () =>
      (await db.select({ userId: tables.orders.userId }).from(tables.orders).where(eq(tables.orders.id, orderId)))[0]!
        .userId;
    expect(await ownerOf()).not.toBe(buyer.id);
    const mails = await db.select().from(tables.outbox).where(eq(tables.outbox.to, buyer.email));
    const link = new URL(
      mails
        .map((m) => m.text)
        .join("\n")
        .match(/http\S+verify-email\S+/)![0],
    );
    expect((await call(link.pathname + link.search)).status).toBe(302);
    expect(await ownerOf()).toBe(buyer.id);
  });
});

describe("an unverified buyer at checkout", () => {
  it("checks out as a guest with their address could: the guest's form, their e-mail and name offered", async () => {
    const buyer = await signUpUser();
    const load = async (cookie: string) => {
      const request = new Request(`${ORIGIN}/store/checkout`, { headers: { cookie } });
      return (await checkoutLoader(routeArgs(request))) as any;
    };
    const page = await load(buyer.cookie);
    expect(page.guest).toBe(true);
    expect(page.guestDefaults).toEqual({ email: buyer.email, fullName: buyer.email.split("@")[0] });
    const visitor = await load(await browserWithCart());
    expect(visitor.guest).toBe(true);
    expect(visitor.figures.subtotalCents).toBe(2500);
  });
});

describe("an unverified account pays in its own browser", () => {
  it("its session and the order's cookie together open the payment and settle it", async () => {
    const buyer = await signUpUser();
    await addItem({ userId: buyer.id }, "gc-cube", 1);
    const placed = (await placeAsGuest(buyer.cookie, { ...ana, "guest.email": buyer.email })) as Response;
    expect(placed.status).toBe(302);
    const orderId = placed.headers.get("location")!.split("/")[2]!;
    const cookie = `${buyer.cookie}; ${placed.headers.get("set-cookie")!.split(";")[0]}`;
    const intent = (await (await call("/api/createPaymentIntent", { cookie, body: { orderId } })).json()) as {
      paymentIntent: string;
      clientSecret: string;
    };
    await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      cookie,
      body: {
        clientSecret: intent.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      },
    });
    const verified = await call("/api/verifyPayment", {
      cookie,
      body: { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret },
    });
    expect(((await verified.json()) as { success: boolean }).success).toBe(true);
  });
});

describe("placing a guest's order is one step", () => {
  const ordersOfCart = async (cookie: string) => {
    const db = await getDb();
    const [cart] = await db
      .select({ id: tables.carts.id })
      .from(tables.carts)
      .where(eq(tables.carts.tokenHash, hashCartToken(cookie.split("=")[1]!)));
    const orders = await db.select().from(tables.orders).where(eq(tables.orders.cartId, cart!.id));
    const lines = await db.select().from(tables.cartLines).where(eq(tables.cartLines.cartId, cart!.id));
    return { orders, lines };
  };

  it("a double submit gives one order, which both answers open and pay", async () => {
    const cookie = await browserWithCart();
    const [first, second] = (await Promise.all([placeAsGuest(cookie, ana), placeAsGuest(cookie, ana)])) as Response[];
    expect(first!.status).toBe(302);
    expect(second!.status).toBe(302);
    expect(first!.headers.get("location")).toBe(second!.headers.get("location"));
    const { orders, lines } = await ordersOfCart(cookie);
    expect(orders).toHaveLength(1);
    const db = await getDb();
    const linkMails = await db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orders[0]!.id));
    expect(linkMails.map((mail) => mail.to)).toEqual(["ana@example.test"]);
    // The cart is the browser's until the order is paid: nothing is lost if the buyer leaves.
    expect(lines.map((line) => line.quantity)).toEqual([1]);
    for (const answer of [first!, second!]) {
      const payCookie = answer.headers.get("set-cookie")!.split(";")[0]!;
      const paying = await call("/api/createPaymentIntent", { cookie: payCookie, body: { orderId: orders[0]!.id } });
      expect(paying.status).toBe(200);
    }
  });

  it("a failure after the order is written leaves no order, nothing held, and the cart as it was", async () => {
    const cookie = await browserWithCart();
    const db = await getDb();
    // The transaction fails where its last step writes: as a crash between placing and the key would.
    await db.execute(
      sql`CREATE FUNCTION refuse_key() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`,
    );
    await db.execute(
      sql`CREATE TRIGGER refuse_key BEFORE INSERT ON order_access_keys FOR EACH ROW EXECUTE FUNCTION refuse_key()`,
    );
    try {
      await expect(placeAsGuest(cookie, ana)).rejects.toThrow();
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_key ON order_access_keys`);
      await db.execute(sql`DROP FUNCTION refuse_key()`);
    }
    const { orders, lines } = await ordersOfCart(cookie);
    expect(orders).toEqual([]);
    expect(lines.map((line) => line.quantity)).toEqual([1]);
    const placed = (await placeAsGuest(cookie, ana)) as Response;
    expect(placed.status).toBe(302);
  });

  it("paying takes the order's units out of the guest's cart", async () => {
    const { orderId, cookie } = await guestOrder();
    const db = await getDb();
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    const intent = (await (await call("/api/createPaymentIntent", { cookie, body: { orderId } })).json()) as {
      paymentIntent: string;
      clientSecret: string;
    };
    await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
      cookie,
      body: {
        clientSecret: intent.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      },
    });
    await call("/api/verifyPayment", {
      cookie,
      body: { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret },
    });
    const lines = await db.select().from(tables.cartLines).where(eq(tables.cartLines.cartId, order!.cartId!));
    expect(lines).toEqual([]);
    expect(order!.userId).toBeNull();
  });
});

describe("holds a stranger cannot abuse (issue 50)", () => {
  const placed = (answer: unknown) => (answer as Response).headers.get("location")!.split("/")[2]!;

  it("a guest's second unpaid order, by the same e-mail from elsewhere, replaces the first and gives its units back", async () => {
    const held = (await shelfOf("hold-cube")).held;
    const first = placed(await placeAsGuest(await browserWithCart("hold-cube", 4), ana));
    expect((await shelfOf("hold-cube")).held).toBe(held + 4);
    const second = placed(await placeAsGuest(await browserWithCart("hold-cube", 1), ana));
    expect((await orderRow(first)).status).toBe("cancelled");
    expect((await orderRow(second)).status).toBe("pending");
    expect((await shelfOf("hold-cube")).held).toBe(held + 1);
  });

  it("another guest's order from the same client address (an office, a phone carrier) is left alone", async () => {
    const first = placed(await placeAsGuest(await browserWithCart("hold-cube", 1), ana, "", "10.37.0.1"));
    const neighbour = placed(
      await placeAsGuest(
        await browserWithCart("hold-cube", 1),
        { ...bea, "guest.email": "cleo@example.test" },
        "",
        "10.37.0.1",
      ),
    );
    expect((await orderRow(first)).status).toBe("pending");
    expect((await orderRow(neighbour)).status).toBe("pending");
  });

  it("caps the units one client address holds unpaid, in the buyer's language, holding nothing more", async () => {
    const cap = config.unpaidUnitsPerAddress;
    config.unpaidUnitsPerAddress = 3;
    try {
      const buyer = await signUpUser();
      const from = "10.38.0.1";
      await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
      const placedByAccount = await call("/api/orders", {
        cookie: buyer.cookie,
        body: { lines: [{ itemId: "hold-cube", quantity: 2 }], delivery: { method: "pickup" } },
        ip: from,
      });
      expect(placedByAccount.status).toBe(201);
      const held = (await shelfOf("hold-cube")).held;
      const refused = (await placeAsGuest(await browserWithCart("hold-cube", 2), bea, "/fr", from)) as any;
      expect(refused.init.status).toBe(409);
      expect(refused.data.message).toContain("Les commandes passées depuis votre connexion réservent déjà");
      expect((await shelfOf("hold-cube")).held).toBe(held);
      // Within the cap it goes through.
      expect(((await placeAsGuest(await browserWithCart("hold-cube", 1), bea, "", from)) as Response).status).toBe(302);
    } finally {
      config.unpaidUnitsPerAddress = cap;
    }
  });
});
