import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUpUser } from "../../tests/support/api.ts";
import { seedItems } from "../../tests/support/shop.ts";
import { action as checkoutAction } from "../../app/routes/checkout.tsx";
import type { Locale } from "../../domain/locale.ts";
import { addItem } from "../cart/cart.ts";
import type { CartOwner } from "../cart/cart-view.ts";
import { getDb, tables } from "../db/index.ts";
import { clientAddressContext } from "../http/client-address.ts";
import { advanceFulfilment } from "./fulfilment.ts";
import { refundOrder } from "./refunds.ts";
import { listOrdersForAdmin, orderDetailForAdmin } from "./queries.ts";
import { ordersCsvStream } from "../admin/orders-csv.ts";
import { exportAccountData } from "../accounts/data-export.ts";
import { mailStudioNotices } from "../mail/studio-notices.ts";
import { listenAsAServer } from "../../tests/support/per-file-database.ts";
import { greetingName } from "../mail/emails/layout.ts";
import { messagesFor } from "../../messages/messages.server.ts";

/**
 * Issue 49: every e-mail about an order goes to the person who bought it, at the address they gave
 * at checkout, whoever they are (a guest, an account not yet verified, a verified account), in the
 * order's language. The tests read each e-mail's recipient, never only its subject.
 */
const ORIGIN = "http://localhost:3000";
const quebec = { line1: "1234 rue Saint-Denis", city: "Montréal", province: "QC", postalCode: "H2X 3K8" };
const DECLINED = "4000 0000 0000 0002";
const PAYS = "4242 4242 4242 4242";

type Buyer = "guest" | "unverified account" | "verified account";
type Placed = { orderId: string; payCookie: string; to: string; name: string; phone: string | null };

beforeAll(listenAsAServer);
beforeAll(() => seedItems([{ id: "oc-vase", stock: 500, priceCents: 4200 }]));

let client = 0;
async function checkout(cookie: string, fields: Record<string, string>, locale: Locale): Promise<Response> {
  const prefix = locale === "fr" ? "/fr" : "";
  const request = new Request(`${ORIGIN}${prefix}/store/checkout`, {
    method: "POST",
    body: new URLSearchParams({ intent: "place", ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
  });
  const context = new RouterContextProvider();
  context.set(clientAddressContext, `10.49.${Math.floor(++client / 250)}.${client % 250}`);
  const result = (await checkoutAction({
    request,
    url: new URL(request.url),
    params: {},
    context,
  } as never)) as unknown;
  if (!(result instanceof Response)) throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result;
}

/** A buyer of each kind fills their cart and places an order, delivered or picked up, as a person would. */
async function place(buyer: Buyer, locale: Locale, method: "ship" | "pickup"): Promise<Placed> {
  const tag = `${buyer.split(" ")[0]}-${locale}-${method}-${++client}`;
  const typed = { email: `${tag}@typed.example`, fullName: `Ana Roy ${tag}`, phone: "514 555-0101" };
  const address = method === "ship" ? { ...quebec, fullName: "", phone: "" } : {};
  if (buyer === "guest") {
    const cart = await addItem({ token: null }, "oc-vase", 1);
    const cookie = `studio_cart=${cart.setCookieToken}`;
    const placed = await checkout(
      cookie,
      {
        method,
        ...address,
        "guest.email": typed.email,
        "guest.fullName": typed.fullName,
        "guest.phone": typed.phone,
      },
      locale,
    );
    return { ...from(placed), to: typed.email, name: typed.fullName, phone: "514 555-0101" };
  }
  const account = await signUpUser();
  const owner: CartOwner = { userId: account.id };
  await addItem(owner, "oc-vase", 1);
  if (buyer === "unverified account") {
    // Checks out as a guest with that address could: the details typed are the order's contact.
    const placed = await checkout(
      account.cookie,
      {
        method,
        ...address,
        "guest.email": typed.email,
        "guest.fullName": typed.fullName,
        "guest.phone": typed.phone,
      },
      locale,
    );
    return { ...from(placed), to: typed.email, name: typed.fullName, phone: "514 555-0101" };
  }
  const db = await getDb();
  await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, account.id));
  const fields = method === "ship" ? { ...quebec, fullName: "Jean-Pierre Bouchard", phone: "418 555-0199" } : {};
  const placed = await checkout(account.cookie, { method, ...fields }, locale);
  const orderId = placed.headers.get("location")!.split("/").at(-2)!;
  return method === "ship"
    ? { orderId, payCookie: account.cookie, to: account.email, name: "Jean-Pierre Bouchard", phone: "418 555-0199" }
    : { orderId, payCookie: account.cookie, to: account.email, name: account.email.split("@")[0]!, phone: null };
}

function from(placed: Response): { orderId: string; payCookie: string } {
  expect(placed.status).toBe(302);
  const orderId = placed.headers.get("location")!.split("/").at(-2)!;
  const payCookie = placed.headers.get("set-cookie")!.split(";")[0]!;
  return { orderId, payCookie };
}

async function payWith(placed: Placed, card: string): Promise<void> {
  const intent = (await (
    await call("/api/createPaymentIntent", { cookie: placed.payCookie, body: { orderId: placed.orderId } })
  ).json()) as { paymentIntent: string; clientSecret: string };
  await call(`/api/sandbox/payment_intents/${intent.paymentIntent}/confirm`, {
    cookie: placed.payCookie,
    body: { clientSecret: intent.clientSecret, card: { number: card, expiry: "12 / 40", cvc: "123" } },
  });
  await call("/api/verifyPayment", {
    cookie: placed.payCookie,
    body: { paymentIntent: intent.paymentIntent, clientSecret: intent.clientSecret },
  });
}

async function mailsOf(orderId: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.orderId, orderId));
}

const SUBJECTS: Record<Locale, Record<string, RegExp>> = {
  en: {
    refused: /payment .*(declined|refused|did not go through)/i,
    receipt: /receipt/i,
    ready: /ready for pickup/i,
    pickedUp: /picked up/i,
    shipped: /shipped|on its way/i,
    refund: /refund/i,
  },
  fr: {
    refused: /paiement/i,
    receipt: /reçu/i,
    ready: /prête pour le retrait/i,
    pickedUp: /retirée/i,
    shipped: /expédiée|en route/i,
    refund: /rembours/i,
  },
};

describe("every e-mail about an order goes to the address given at checkout", () => {
  let admin: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    admin = await signUpUser("admin");
  });

  for (const locale of ["en", "fr"] as const)
    for (const buyer of ["guest", "unverified account", "verified account"] as const) {
      it(`${buyer}, ${locale}: payment refused, receipt, ready for pickup, picked up and refund`, async () => {
        const placed = await place(buyer, locale, "pickup");
        await payWith(placed, DECLINED);
        await payWith(placed, PAYS);
        await advanceFulfilment(placed.orderId, admin.id, "ready_for_pickup");
        await advanceFulfilment(placed.orderId, admin.id, "picked_up");
        await refundOrder(placed.orderId, admin.id, { request: { kind: "amount", amountCents: 100 }, restock: false });
        const mails = await mailsOf(placed.orderId);
        for (const kind of ["refused", "receipt", "ready", "pickedUp", "refund"]) {
          const mail = mails.find((m) => SUBJECTS[locale][kind]!.test(m.subject));
          expect(mail, `${kind} e-mail`).toBeDefined();
          expect(mail!.to, `${kind} e-mail's recipient`).toBe(placed.to);
          // The contact's name, shown as a name (greetingName: two words of letters).
          const shown = greetingName(placed.name);
          const greets = messagesFor(locale).emails.common;
          expect(mail!.text, `${kind} e-mail's greeting`).toContain(
            shown ? greets.greeting(shown) : greets.greetingNoName,
          );
        }
        // Nothing about the order is written to anyone else.
        expect(new Set(mails.map((m) => m.to))).toEqual(new Set([placed.to]));
      });

      it(`${buyer}, ${locale}: shipped`, async () => {
        const placed = await place(buyer, locale, "ship");
        await payWith(placed, PAYS);
        await advanceFulfilment(placed.orderId, admin.id, "shipped", {
          carrier: "canada_post",
          trackingNumber: "1234567890123456",
        });
        const shipped = (await mailsOf(placed.orderId)).find((m) => SUBJECTS[locale].shipped!.test(m.subject));
        expect(shipped, "shipped e-mail").toBeDefined();
        expect(shipped!.to).toBe(placed.to);
        expect(shipped!.text).toContain("1234567890123456");
      });
    }

  it("the studio's notice, its order list and page, the CSV and the data export give the buyer as typed", async () => {
    const placed = await place("unverified account", "fr", "ship");
    await payWith(placed, PAYS);
    await mailStudioNotices();
    const db = await getDb();
    const notice = (await db.select().from(tables.outbox)).find(
      (m) => m.text.includes(placed.orderId) && m.to !== placed.to,
    );
    expect(notice, "the studio's paid-order notice").toBeDefined();
    expect(notice!.text).toContain(`${placed.name} <${placed.to}>, 514 555-0101`);

    const list = await listOrdersForAdmin({ q: placed.to });
    expect(list.orders.map((o) => o.id)).toEqual([placed.orderId]);
    expect(list.orders[0]!.buyer).toMatchObject({ name: placed.name, email: placed.to, phone: "514 555-0101" });
    const detail = await orderDetailForAdmin(placed.orderId);
    expect(detail!.buyer).toEqual({ name: placed.name, email: placed.to, phone: "514 555-0101", accountId: null });

    const csv = await new Response(await ordersCsvStream({ q: placed.orderId })).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const cells = row!.split(",");
    const column = (name: string) => cells[header!.split(",").indexOf(name)];
    expect(column("customer")).toBe(placed.name);
    expect(column("email")).toBe(placed.to);
    expect(column("phone")).toBe("514 555-0101");
  });

  it("a guest order joined to an account is in its export with the details typed at checkout", async () => {
    const account = await signUpUser();
    const cart = await addItem({ token: null }, "oc-vase", 1);
    const placed = from(
      await checkout(
        `studio_cart=${cart.setCookieToken}`,
        {
          method: "pickup",
          "guest.email": account.email,
          "guest.fullName": "Léa Gagnon",
          "guest.phone": "438 555-0123",
        },
        "en",
      ),
    );
    const db = await getDb();
    await db.update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, account.id));
    const { joinGuestOrders } = await import("./guest-join.ts");
    expect(await joinGuestOrders(account.id, account.email)).toBe(1);
    const exported = await exportAccountData(account.id);
    const order = exported.orders.find((o) => o.id === placed.orderId);
    expect(order?.contact).toEqual({ email: account.email, fullName: "Léa Gagnon", phone: "438 555-0123" });
  });
});
