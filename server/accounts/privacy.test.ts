import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { DELETED_ACCOUNT_ID } from "./privacy.ts";

/** An order as the checkout leaves it: kept here directly, so that this file tests the account only. */
async function orderFor(user: TestUser, id: string) {
  const db = await getDb();
  await db
    .insert(tables.orders)
    .values({ id, userId: user.id, status: "paid", totalCents: 4200, currency: "CAD", paidAt: new Date() });
  await db.insert(tables.orderLines).values({
    orderId: id,
    itemSlug: "low-poly-moose",
    itemName: { en: "Low-Poly Moose", fr: "Orignal à facettes" },
    unitPriceCents: 2100,
    quantity: 2,
  });
  await db.insert(tables.orderEvents).values({ orderId: id, status: "paid", actorUserId: user.id, reason: "paid" });
  await db.insert(tables.orderContacts).values({ orderId: id, email: user.email, fullName: "Léa Gagnon", phone: null });
}

/** A message the person sent while signed in (server/contact/ownership.ts). */
async function messageFrom(email: string, userId: string) {
  const db = await getDb();
  await db.insert(tables.contactMessages).values({
    id: `msg-${email}`,
    userId,
    name: "Léa",
    email: email.toUpperCase(),
    projectType: "cosplay",
    message: "A helmet, please.",
    newsletter: true,
    newsletterConsentAt: new Date(),
    newsletterConsentText: "Send me the studio’s newsletter (one e-mail a month, at most)",
  });
}

describe("GET /api/account/data", () => {
  it("gives the signed-in person a JSON file of their account, orders and messages, and nobody else's", async () => {
    const buyer = await signUpUser();
    const other = await signUpUser();
    await orderFor(buyer, "ord-export-1");
    await orderFor(other, "ord-export-other");
    await messageFrom(buyer.email, buyer.id);

    const response = await call("/api/account/data", { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = await response.json();
    expect(data.account).toMatchObject({ id: buyer.id, email: buyer.email, role: "user" });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain("token");
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual(["ord-export-1"]);
    expect(data.orders[0]).toMatchObject({
      status: "paid",
      totalCents: 4200,
      lines: [
        {
          item: "low-poly-moose",
          quantity: 2,
          unitPriceCents: 2100,
          name: { en: "Low-Poly Moose", fr: "Orignal à facettes" },
        },
      ],
    });
    expect(data.contactMessages).toHaveLength(1);
    expect(data.contactMessages[0]).toMatchObject({ message: "A helmet, please.", newsletter: true });
    expect(data.contactMessages[0].newsletterConsentText).toContain("newsletter");
  });

  it("asks a visitor to sign in", async () => {
    const response = await call("/api/account/data");
    expect(response.status).toBe(401);
  });
});

describe("POST /api/account/delete", () => {
  it("refuses without the account's e-mail typed, in the person's language, and deletes nothing", async () => {
    const buyer = await signUpUser();
    for (const email of [undefined, "", "someone@else.test", 42, "x".repeat(10_000)]) {
      const response = await call("/api/account/delete", { cookie: buyer.cookie, body: { email, locale: "fr" } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe("Tapez l’adresse courriel de ce compte pour confirmer.");
    }
    expect((await call("/api/me", { cookie: buyer.cookie })).status).toBe(200);
  });

  it("deletes the account and its sessions; orders stay, anonymised", async () => {
    const buyer = await signUpUser();
    await orderFor(buyer, "ord-delete-1");
    const response = await call("/api/account/delete", {
      cookie: buyer.cookie,
      body: { email: ` ${buyer.email.toUpperCase()} ` },
    });
    expect(response.status).toBe(200);

    expect((await call("/api/me", { cookie: buyer.cookie })).status).toBe(401);
    const signIn = await call("/api/auth/sign-in/email", {
      body: { email: buyer.email, password: "correct-horse" },
      ip: "198.51.100.77",
    });
    expect(signIn.status).toBe(401);

    const db = await getDb();
    expect(await db.select().from(tables.user).where(eq(tables.user.id, buyer.id))).toEqual([]);
    expect(await db.select().from(tables.session).where(eq(tables.session.userId, buyer.id))).toEqual([]);
    const [order] = await db.select().from(tables.orders).where(eq(tables.orders.id, "ord-delete-1"));
    expect(order).toMatchObject({ userId: DELETED_ACCOUNT_ID, totalCents: 4200, status: "paid" });
    const [line] = await db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, "ord-delete-1"));
    expect(line).toMatchObject({ quantity: 2, unitPriceCents: 2100 });
    const [event] = await db.select().from(tables.orderEvents).where(eq(tables.orderEvents.orderId, "ord-delete-1"));
    expect(event.actorUserId).toBeNull();
    // The placeholder holds nothing personal, and is not an account anyone can use or see.
    const [placeholder] = await db.select().from(tables.user).where(eq(tables.user.id, DELETED_ACCOUNT_ID));
    expect(placeholder.email).toBe("");
    expect(await db.select().from(tables.account).where(eq(tables.account.userId, DELETED_ACCOUNT_ID))).toEqual([]);

    // A second deletion reuses the placeholder.
    const second = await signUpUser();
    await orderFor(second, "ord-delete-2");
    expect((await call("/api/account/delete", { cookie: second.cookie, body: { email: second.email } })).status).toBe(
      200,
    );
    const [order2] = await db.select().from(tables.orders).where(eq(tables.orders.id, "ord-delete-2"));
    expect(order2.userId).toBe(DELETED_ACCOUNT_ID);
  });

  it("erases the contact of every order it took, a guest order joined to it included (issue 49)", async () => {
    const buyer = await signUpUser();
    await orderFor(buyer, "ord-delete-own");
    const db = await getDb();
    // A guest order placed with the same address, joined once the address was verified.
    await db.insert(tables.orders).values({ id: "ord-delete-guest", userId: null, totalCents: 900, currency: "CAD" });
    await db
      .insert(tables.orderContacts)
      .values({ orderId: "ord-delete-guest", email: buyer.email, fullName: "Léa G.", phone: "438 555-0123" });
    const { joinGuestOrders } = await import("../orders/guest-join.ts");
    expect(await joinGuestOrders(buyer.id, buyer.email)).toBe(1);
    expect((await call("/api/account/delete", { cookie: buyer.cookie, body: { email: buyer.email } })).status).toBe(
      200,
    );
    const left = await db
      .select()
      .from(tables.orderContacts)
      .where(inArray(tables.orderContacts.orderId, ["ord-delete-own", "ord-delete-guest"]));
    expect(left).toEqual([]);
    const kept = await db
      .select({ id: tables.orders.id, totalCents: tables.orders.totalCents })
      .from(tables.orders)
      .where(inArray(tables.orders.id, ["ord-delete-own", "ord-delete-guest"]));
    expect(kept).toHaveLength(2);
  });

  it("keeps the last admin, and lets an admin go when another remains", async () => {
    const db = await getDb();
    await db.update(tables.user).set({ role: "user" }).where(eq(tables.user.role, "admin"));
    const first = await signUpUser("admin");
    const refused = await call("/api/account/delete", { cookie: first.cookie, body: { email: first.email } });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(
      "You are the studio’s only admin: make another account admin before deleting yours.",
    );
    expect((await call("/api/me", { cookie: first.cookie })).status).toBe(200);

    const second = await signUpUser("admin");
    expect((await call("/api/account/delete", { cookie: first.cookie, body: { email: first.email } })).status).toBe(
      200,
    );
    expect((await call("/api/account/delete", { cookie: second.cookie, body: { email: second.email } })).status).toBe(
      409,
    );
  });

  it("refuses a visitor and a post from another site", async () => {
    expect((await call("/api/account/delete", { body: { email: "a@b.test" } })).status).toBe(401);
    const buyer = await signUpUser();
    const response = await call("/api/account/delete", {
      cookie: buyer.cookie,
      body: { email: buyer.email },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await call("/api/me", { cookie: buyer.cookie })).status).toBe(200);
  });
});
