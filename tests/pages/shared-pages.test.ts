import type { Hono } from "hono";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resetAuth } from "../../server/auth/auth.ts";
import { addAddress } from "../../server/accounts/addresses.ts";
import { addItem } from "../../server/cart/cart.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { fromAddress, ORIGIN, signUpUser } from "../support/api.ts";
import { placeOrderCall, seedItems } from "../support/shop.ts";
import { listenAsAServer } from "../support/per-file-database.ts";
import { loadSite } from "../support/site.ts";

/**
 * Decision 060: the part of a page that is the same for everybody is rendered once and kept; each
 * person's header, cart and data are spliced in per request. Nothing of one person may reach
 * another's page, and a change of session, role or catalogue shows on the next request.
 */

// The shared parts (and the anonymous page cache) are kept, as in production.
process.env.PAGE_CACHE_MS = process.env.TEST_PAGE_CACHE_MS ?? "60000";
process.env.SHARED_PAGE_MS = process.env.TEST_SHARED_PAGE_MS ?? "60000";

const MONTREAL = { line1: "1234 rue Saint-Denis", city: "Montréal", province: "QC", postalCode: "H2X 3K8" };

let site: { app: Hono; close: () => Promise<void> };
let ip = 0;

function get(path: string, cookie = "", headers: Record<string, string> = {}) {
  return site.app.request(
    `${ORIGIN}${path}`,
    { headers: { cookie, ...headers } },
    fromAddress(`203.0.113.${(ip++ % 200) + 1}`),
  );
}

function post(path: string, cookie: string, body: unknown) {
  const headers = { cookie, origin: ORIGIN, "content-type": "application/json" };
  return site.app.request(
    `${ORIGIN}${path}`,
    { method: "POST", headers, body: JSON.stringify(body) },
    fromAddress(`203.0.113.${(ip++ % 200) + 1}`),
  );
}

async function page(path: string, cookie = "") {
  const response = await get(path, cookie);
  expect(response.status).toBe(200);
  return response.text();
}

/** Signs in through the real endpoint: the cookies a browser keeps, the signed session cache among them. */
async function signedIn(role: "user" | "admin", options: { verified?: boolean } = {}) {
  const account = await signUpUser(role);
  if (options.verified)
    await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, account.id));
  const response = await post("/api/auth/sign-in/email", "", { email: account.email, password: "correct-horse" });
  expect(response.status).toBe(200);
  return {
    ...account,
    cookie: response.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; "),
  };
}

const cartCount = (html: string) => Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1]);
const spliced = (html: string) => html.includes('<script type="application/json" id="personal-data">');
const personalData = (html: string) =>
  JSON.parse(/id="personal-data">([^<]*)<\/script>/.exec(html)![1]!) as {
    user: { email: string } | null;
    cart: { count: number };
    page?: { order: { id: string; status: string }; isOwner: boolean };
  };
const signedInHeader = (html: string) => html.includes('action="/logout"');
const adminLink = (html: string) =>
  html.includes('href="/admin/inventory"') || html.includes('href="/fr/admin/inventory"');

beforeAll(async () => {
  await listenAsAServer();
  site = await loadSite();
  // better-auth is one instance per process: made by the site's modules, its logout and role
  // hooks and the site's session reads share one record of revoked cookie caches, as in production.
  resetAuth();
  await get("/api/me", "better-auth.session_token=none");
  await seedItems([
    { id: "shared-lamp", stock: 20, priceCents: 2500 },
    { id: "shared-vase", stock: 20, priceCents: 4000 },
  ]);
}, 60_000);
afterAll(() => site.close());

describe("a shared page with each person's parts spliced in", () => {
  it("two buyers asking at once each see only their own account and cart", async () => {
    const alice = await signedIn("user");
    const bob = await signedIn("user");
    await addItem({ userId: alice.id }, "shared-lamp", 2);
    await addItem({ userId: bob.id }, "shared-vase", 5);
    for (let round = 0; round < 4; round++) {
      const paths = ["/store", "/fr/store/shared-lamp", "/about"];
      const answers = await Promise.all(paths.flatMap((path) => [page(path, alice.cookie), page(path, bob.cookie)]));
      for (let index = 0; index < answers.length; index += 2) {
        const [forAlice, forBob] = [answers[index]!, answers[index + 1]!];
        for (const [html, own, other, count] of [
          [forAlice, alice, bob, 2],
          [forBob, bob, alice, 5],
        ] as const) {
          expect(spliced(html)).toBe(true);
          expect(html).not.toContain("data-personal=");
          expect(personalData(html).user?.email).toBe(own.email);
          expect(personalData(html).cart.count).toBe(count);
          expect(cartCount(html)).toBe(count);
          expect(signedInHeader(html)).toBe(true);
          expect(html).toContain(own.email);
          expect(html).not.toContain(other.email);
          expect(html).not.toContain(other.id);
        }
      }
    }
  });

  it("the same page, gzipped, is the same page", async () => {
    const alice = await signedIn("user");
    const plain = await page("/store", alice.cookie);
    const response = await get("/store", alice.cookie, { "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    const withoutNonces = (text: string) => text.replaceAll(/nonce="[^"]+"/g, "");
    expect(withoutNonces(html)).toBe(withoutNonces(plain));
  });

  it("a signed-in page stays private to its browser and its nonce is fresh", async () => {
    const alice = await signedIn("user");
    const [first, second] = [await get("/store", alice.cookie), await get("/store", alice.cookie)];
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const nonce = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(first)).not.toBe(nonce(second));
    expect(await second.text()).toContain(`nonce="${nonce(second)}"`);
  });

  it("a buyer who logs out gets the anonymous header on the next request", async () => {
    const carol = await signedIn("user");
    await addItem({ userId: carol.id }, "shared-lamp", 1);
    const before = await page("/store", carol.cookie);
    expect(signedInHeader(before)).toBe(true);
    expect(cartCount(before)).toBe(1);
    expect((await post("/api/auth/sign-out", carol.cookie, {})).status).toBe(200);
    const after = await get("/store", carol.cookie);
    const html = await after.text();
    expect(signedInHeader(html)).toBe(false);
    expect(html).not.toContain(carol.email);
    expect(cartCount(html)).toBe(0);
  });

  it("an admin demoted loses the admin link and the admin pages at once", async () => {
    const owner = await signedIn("admin");
    const colleague = await signedIn("admin");
    expect(adminLink(await page("/store", colleague.cookie))).toBe(true);
    expect(adminLink(await page("/fr/about", colleague.cookie))).toBe(true);
    expect((await get("/admin/inventory", colleague.cookie)).status).toBe(200);
    expect((await post(`/api/admin/staff/${colleague.id}/role`, owner.cookie, { role: "user" })).status).toBe(200);
    // (Rendered whole: reading the session again sets a new session cookie.)
    const store = await page("/store", colleague.cookie);
    expect(signedInHeader(store)).toBe(true);
    expect(adminLink(store)).toBe(false);
    expect(adminLink(await page("/fr/about", colleague.cookie))).toBe(false);
    const admin = await get("/admin/inventory", colleague.cookie);
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/");
    expect(adminLink(await page("/store", owner.cookie))).toBe(true);
  });

  it("a price changed by an admin shows on the next signed-in request", async () => {
    const owner = await signedIn("admin");
    const alice = await signedIn("user");
    expect(await page("/store/shared-vase", alice.cookie)).toContain("40.00");
    const item = (await (await get("/api/admin/items/shared-vase", owner.cookie)).json()) as {
      item: { version: number };
    };
    const changed = await post("/api/update-inventory", owner.cookie, {
      itemId: "shared-vase",
      version: item.item.version,
      updates: { price: "56.78" },
    });
    expect(changed.status).toBe(200);
    const html = await page("/store/shared-vase", alice.cookie);
    expect(spliced(html)).toBe(true);
    expect(html).toContain("56.78");
    expect(html).not.toContain("40.00");
  });

  it("a visitor with a cart but no account gets their count on a shared page", async () => {
    const form = new URLSearchParams({ intent: "add", itemId: "shared-lamp", quantity: "3" });
    const headers = { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" };
    const added = await site.app.request(
      `${ORIGIN}/cart`,
      { method: "POST", headers, body: form.toString() },
      fromAddress("203.0.113.250"),
    );
    const cookie = added.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .join("; ");
    expect(cookie).toContain("studio_cart=");
    const html = await page("/store", cookie);
    expect(spliced(html)).toBe(true);
    expect(signedInHeader(html)).toBe(false);
    expect(cartCount(html)).toBe(3);
    expect(cartCount(await page("/store"))).toBe(0);
  });

  it("a navigation's .data of the page's own loaders is the same for two buyers and carries neither; with the root's, each gets their own", async () => {
    const alice = await signedIn("user");
    const bob = await signedIn("user");
    const storeRoute = /"((?:[a-z]+\/)?store)":route\d/.exec(
      (await page("/store", alice.cookie)).replaceAll('\\"', '"'),
    )![1]!;
    const data = async (path: string, cookie: string) => {
      const response = await get(path, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/x-script");
      return response.text();
    };
    const [forAlice, forBob] = await Promise.all([
      data(`/store.data?_routes=${storeRoute}`, alice.cookie),
      data(`/store.data?_routes=${storeRoute}`, bob.cookie),
    ]);
    expect(forAlice).toBe(forBob);
    expect(forAlice).toContain("shared-lamp");
    for (const person of [alice, bob]) expect(forAlice).not.toContain(person.email);
    const whole = await data("/store.data", alice.cookie);
    expect(whole).toContain(alice.email);
    expect(whole).not.toContain(bob.email);
  });

  it("the cart page: its frame shared, each buyer's lines spliced in, in both languages", async () => {
    const alice = await signedIn("user");
    const bob = await signedIn("user");
    await addItem({ userId: alice.id }, "shared-lamp", 2);
    await addItem({ userId: bob.id }, "shared-vase", 1);
    for (const path of ["/cart", "/fr/cart"]) {
      const [forAlice, forBob] = await Promise.all([page(path, alice.cookie), page(path, bob.cookie)]);
      for (const [html, own, other, item, otherItem] of [
        [forAlice, alice, bob, "shared-lamp", "shared-vase"],
        [forBob, bob, alice, "shared-vase", "shared-lamp"],
      ] as const) {
        expect(spliced(html)).toBe(true);
        expect(html).not.toContain("data-personal=");
        expect(html).toContain(`id="cart-quantity-${item}"`);
        expect(html).not.toContain(`id="cart-quantity-${otherItem}"`);
        expect(html).not.toContain(other.email);
        expect(html).toContain(own.email);
      }
    }
  });

  it("the outcome of a cart form posted without JavaScript comes with a cart page rendered whole", async () => {
    const alice = await signedIn("user");
    const form = new URLSearchParams({ intent: "add", itemId: "shared-vase", quantity: "1" });
    const posted = await site.app.request(
      `${ORIGIN}/cart`,
      {
        method: "POST",
        headers: { cookie: alice.cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      },
      fromAddress("203.0.113.251"),
    );
    const flash = posted.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .find((pair) => pair!.startsWith("studio_cart_flash="));
    expect(flash).toBeTruthy();
    const html = await page("/cart", `${alice.cookie}; ${flash}`);
    expect(spliced(html)).toBe(false);
    expect(html).toContain('id="cart-quantity-shared-vase"');
  });

  it("an order's page: its frame shared, the order spliced in for its owner alone, each change shown at once", async () => {
    const alice = await signedIn("user");
    const bob = await signedIn("user");
    const placed = await placeOrderCall(alice, [{ itemId: "shared-lamp", quantity: 1 }]);
    expect(placed.status).toBe(201);
    const id = (placed.body.order as { id: string }).id;
    for (const path of [`/orders/${id}`, `/fr/orders/${id}`]) {
      const html = await page(path, alice.cookie);
      expect(spliced(html)).toBe(true);
      expect(html).not.toContain("data-personal=");
      expect(html).toContain('data-testid="order-status"');
      expect(personalData(html).page).toMatchObject({ order: { id, status: "pending" }, isOwner: true });
    }
    const forBob = await get(`/orders/${id}`, bob.cookie);
    expect(forBob.status).toBe(404);
    const notFound = await forBob.text();
    expect(notFound).not.toContain('data-testid="order-status"');
    expect(notFound).not.toContain(alice.email);

    // Paid as the payment provider's webhook would have it: written to the rows, by no page.
    const db = await getDb();
    await db.update(tables.orders).set({ status: "paid", paidAt: new Date() }).where(eq(tables.orders.id, id));
    // PostgreSQL tells the listening connection after the commit: at once on PGlite, a moment later there.
    await expect
      .poll(async () => personalData(await page(`/orders/${id}`, alice.cookie)).page?.order.status)
      .toBe("paid");
    expect(await page(`/orders/${id}`, alice.cookie)).toContain('data-testid="order-status">Paid<');
  });

  it("the profile: its frame shared, each buyer's orders and addresses spliced in for them alone", async () => {
    const alice = await signedIn("user");
    const bob = await signedIn("user");
    await addAddress(alice.id, { ...MONTREAL, fullName: "Alice Tremblay" });
    await addAddress(bob.id, { ...MONTREAL, fullName: "Bob Gagnon" });
    const placed = await placeOrderCall(alice, [{ itemId: "shared-lamp", quantity: 1 }]);
    const orderId = (placed.body.order as { id: string }).id;
    for (const path of ["/profile", "/fr/profile"]) {
      const [forAlice, forBob] = await Promise.all([page(path, alice.cookie), page(path, bob.cookie)]);
      for (const [html, own, other] of [
        [forAlice, { ...alice, name: "Alice Tremblay" }, { ...bob, name: "Bob Gagnon" }],
        [forBob, { ...bob, name: "Bob Gagnon" }, { ...alice, name: "Alice Tremblay" }],
      ] as const) {
        expect(spliced(html)).toBe(true);
        expect(html).not.toContain("data-personal=");
        expect(html).toContain(own.email);
        expect(html).toContain(own.name);
        expect(html).toContain('id="address-fullName"');
        expect(html).not.toContain(other.email);
        expect(html).not.toContain(other.name);
      }
      expect(forAlice).toContain(`/orders/${orderId}`);
      expect(forBob).not.toContain(orderId);
    }
    // An address saved with the profile's form shows on the very next request, on PostgreSQL too.
    const form = new URLSearchParams({ intent: "address-add", fullName: "Alice at work", ...MONTREAL });
    const saved = await site.app.request(
      `${ORIGIN}/profile`,
      {
        method: "POST",
        headers: { cookie: alice.cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      },
      fromAddress("203.0.113.252"),
    );
    expect(await saved.text()).toContain("Address saved.");
    expect(await page("/profile", alice.cookie)).toContain("Alice at work");
    // The address being edited (?edit=…) is this buyer's: rendered whole, as is the page for nobody.
    expect(spliced(await page("/profile?edit=none", alice.cookie))).toBe(false);
    const anonymous = await get("/profile");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("the checkout: its frame shared, each buyer's cart and figures spliced in, a guest's too", async () => {
    // Verified buyers: their saved addresses are offered (an unverified account checks out as a guest).
    const alice = await signedIn("user", { verified: true });
    const bob = await signedIn("user", { verified: true });
    await addItem({ userId: alice.id }, "shared-lamp", 2);
    await addItem({ userId: bob.id }, "shared-lamp", 1);
    await addAddress(bob.id, { ...MONTREAL, fullName: "Bob Gagnon" });
    for (const path of ["/store/checkout", "/fr/store/checkout"]) {
      const [forAlice, forBob] = await Promise.all([page(path, alice.cookie), page(path, bob.cookie)]);
      for (const [html, own, other, total] of [
        [forAlice, alice, bob, 5000],
        [forBob, bob, alice, 2500],
      ] as const) {
        expect(spliced(html)).toBe(true);
        expect(html).not.toContain("data-personal=");
        expect(html).toContain(own.email);
        expect(html).not.toContain(other.email);
        const figures = (personalData(html).page as unknown as { figures: { subtotalCents: number } }).figures;
        expect(figures.subtotalCents).toBe(total);
      }
      expect(forBob).toContain("Bob Gagnon");
      expect(forAlice).not.toContain("Bob Gagnon");
    }
    // A visitor without an account checks out as a guest, with the browser's cart: spliced too.
    const added = await site.app.request(
      `${ORIGIN}/cart`,
      {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", itemId: "shared-lamp", quantity: "3" }).toString(),
      },
      fromAddress("203.0.113.249"),
    );
    const cartCookie = added.headers
      .getSetCookie()
      .map((set) => set.split(";")[0])
      .filter((pair) => pair!.startsWith("studio_cart="))
      .join("; ");
    const asGuest = await page("/store/checkout", cartCookie);
    expect(spliced(asGuest)).toBe(true);
    expect(asGuest).toContain('name="guest.email"');
    expect((personalData(asGuest).page as unknown as { figures: { subtotalCents: number } }).figures).toMatchObject({
      subtotalCents: 7500,
    });
  });

  it("a material the studio renames is offered by its new name on the next /quote and /services", async () => {
    const owner = await signedIn("admin");
    const { version, terms } = (await (await get("/api/admin/quotes/terms", owner.cookie)).json()) as {
      version: number;
      terms: { materials: { name: { en: string } }[] };
    };
    for (const path of ["/quote", "/services"]) expect(await page(path), path).toContain(terms.materials[0]!.name.en);
    terms.materials[0]!.name.en = "Recycled PETG";
    const headers = { cookie: owner.cookie, origin: ORIGIN, "content-type": "application/json" };
    const saved = await site.app.request(
      `${ORIGIN}/api/admin/quotes/terms`,
      { method: "PUT", headers, body: JSON.stringify({ ...terms, loadedVersion: version }) },
      fromAddress("203.0.113.250"),
    );
    expect(saved.status).toBe(200);
    for (const path of ["/quote", "/services"]) expect(await page(path), path).toContain("Recycled PETG");
  });
});
