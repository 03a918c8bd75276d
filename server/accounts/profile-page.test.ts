import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { listenAsAServer } from "../../tests/support/per-file-database.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import type { SessionUser } from "../auth/session.ts";
import { getDb, tables } from "../db/index.ts";
import { inOwnScope } from "../http/request-scope.ts";
import { addAddress } from "./addresses.ts";
import { profilePageData } from "./profile-page.ts";

const MONTREAL = { line1: "1234 rue Saint-Denis", city: "Montréal", province: "QC", postalCode: "H2X 3K8" };

const sessionUser = (buyer: TestUser): SessionUser => ({
  id: buyer.id,
  email: buyer.email,
  username: buyer.email,
  role: "user",
  emailVerified: true,
});

/** As the profile page reads it: in a GET's scope, where what is kept may answer. */
const pageRead = (buyer: TestUser) => inOwnScope("GET", () => profilePageData(sessionUser(buyer)));

/** Kept: two reads give the very same records (once the notices of the last writes have arrived). */
const untilKept = (buyer: TestUser) =>
  expect
    .poll(async () => (await pageRead(buyer)).orders === (await pageRead(buyer)).orders, { timeout: 5_000 })
    .toBe(true);

beforeAll(listenAsAServer);

describe("a buyer's profile, kept until their records change", () => {
  it("shows every change to the buyer's orders and addresses, by any code, at the next read", async () => {
    await seedItems([{ id: "kept-profile-item", stock: 5, priceCents: 2500 }]);
    const buyer = await signUpUser("user");
    const placed = await placeOrderCall(buyer, [{ itemId: "kept-profile-item", quantity: 2 }]);
    const orderId = (placed.body.order as { id: string }).id;
    await untilKept(buyer);
    expect((await pageRead(buyer)).orders).toMatchObject([{ id: orderId, status: "pending", itemCount: 2 }]);

    // Written past the site's own modules: only the database's trigger can say it changed.
    const db = await getDb();
    await db.update(tables.orders).set({ status: "paid" }).where(eq(tables.orders.id, orderId));
    await expect.poll(async () => (await pageRead(buyer)).orders[0]?.status, { timeout: 5_000 }).toBe("paid");

    await addAddress(buyer.id, { ...MONTREAL, fullName: "Marie Tremblay" });
    await expect
      .poll(async () => (await pageRead(buyer)).addresses.map((address) => address.fullName), { timeout: 5_000 })
      .toEqual(["Marie Tremblay"]);
    await db.update(tables.addresses).set({ city: "Laval" }).where(eq(tables.addresses.userId, buyer.id));
    await expect.poll(async () => (await pageRead(buyer)).addresses[0]?.city, { timeout: 5_000 }).toBe("Laval");
  });

  it("is each buyer's own: another buyer's change leaves it kept, and never shows in it", async () => {
    const alice = await signUpUser("user");
    const bob = await signUpUser("user");
    await addAddress(alice.id, { ...MONTREAL, fullName: "Alice Tremblay" });
    await untilKept(alice);
    const kept = await pageRead(alice);
    await addAddress(bob.id, { ...MONTREAL, fullName: "Bob Gagnon" });
    await expect.poll(async () => (await pageRead(bob)).addresses[0]?.fullName, { timeout: 5_000 }).toBe("Bob Gagnon");
    const again = await pageRead(alice);
    expect(again.addresses).toBe(kept.addresses);
    expect(again.addresses.map((address) => address.fullName)).toEqual(["Alice Tremblay"]);
  });

  it("shows a custom print's price as expired from the moment its hold ends", async () => {
    const buyer = await signUpUser("user");
    const { id } = await pricedQuote({ userId: buyer.id });
    // Within the lifetime of what is kept (30 s), and far enough for the reads before it.
    const holdEnds = Date.now() + 20_000;
    const db = await getDb();
    await db
      .update(tables.quotes)
      .set({ expiresAt: new Date(holdEnds) })
      .where(eq(tables.quotes.id, id));
    await expect
      .poll(async () => (await pageRead(buyer)).customPrints === (await pageRead(buyer)).customPrints, {
        timeout: 5_000,
      })
      .toBe(true);
    expect((await pageRead(buyer)).customPrints).toMatchObject([{ id, status: "priced" }]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(holdEnds + 1_000);
      expect((await pageRead(buyer)).customPrints).toMatchObject([{ id, status: "expired" }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is read for each call outside a GET's pages", async () => {
    const buyer = await signUpUser("user");
    const first = await profilePageData(sessionUser(buyer));
    expect((await profilePageData(sessionUser(buyer))).orders).not.toBe(first.orders);
  });
});
