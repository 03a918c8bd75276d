import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCustomerQuery, type CustomerQuery } from "../../domain/customers.ts";
import { getDb, tables } from "../db/index.ts";
import { exportAccountData } from "../accounts/data-export.ts";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { getCustomer, listCustomers, markVerifiedByHand } from "./customers.ts";

/**
 * A hand-computed fixture: Ada paid two orders ($100.00 and $50.00, $20.00 of it refunded) and
 * left one unpaid; Bob paid one ($30.00); Cy bought nothing. Spent: Ada 130.00, Bob 30.00, Cy 0.
 */
let ada: TestUser, bob: TestUser, cy: TestUser, owner: TestUser;
const tag = `c${Date.now().toString(36)}`;
const query = (change: Partial<CustomerQuery> = {}): CustomerQuery => ({
  q: tag,
  sort: "lastOrder",
  dir: "desc",
  page: 1,
  ...change,
});

beforeAll(async () => {
  [ada, bob, cy, owner] = await Promise.all([signUpUser(), signUpUser(), signUpUser(), signUpUser("admin")]);
  const db = await getDb();
  const names: [TestUser, string][] = [
    [ada, "Ada"],
    [bob, "Bob"],
    [cy, "Cy"],
  ];
  for (const [person, name] of names)
    await db
      .update(tables.user)
      .set({ username: `${name} ${tag}` })
      .where(eq(tables.user.id, person.id));
  const order = (id: string, userId: string, totalCents: number, day: string, paid: boolean) => ({
    id: `${tag}-${id}`,
    userId,
    status: paid ? ("paid" as const) : ("pending" as const),
    totalCents,
    currency: "CAD",
    paidAt: paid ? new Date(`${day}T15:00:00Z`) : null,
    createdAt: new Date(`${day}T14:00:00Z`),
  });
  await db
    .insert(tables.orders)
    .values([
      order("a1", ada.id, 10_000, "2026-03-01", true),
      order("a2", ada.id, 5_000, "2026-04-01", true),
      order("a3", ada.id, 9_999, "2026-05-01", false),
      order("b1", bob.id, 3_000, "2026-04-15", true),
    ]);
  await db.insert(tables.refunds).values([
    { orderId: `${tag}-a2`, status: "succeeded", amountCents: 2_000, lines: [], taxes: [] },
    { orderId: `${tag}-a2`, status: "pending", amountCents: 1_000, lines: [], taxes: [] },
  ]);
  await db.insert(tables.contactMessages).values({
    id: `${tag}-m1`,
    userId: ada.id,
    name: "Ada",
    email: ada.email.toUpperCase(),
    projectType: "cosplay",
    message: "A helmet",
    newsletter: true,
    newsletterConsentAt: new Date("2026-02-01T12:00:00Z"),
    newsletterConsentText: "Yes, send me news",
    locale: "en",
  });
}, 60_000);

describe("the customer list", () => {
  it("gives each customer's orders, spending and last order from the database's aggregates", async () => {
    const { customers, total } = await listCustomers(query());
    expect(total).toBe(3);
    expect(customers.map((c) => [c.username.split(" ")[0], c.orders, c.spentCents, c.lastOrderAt])).toEqual([
      ["Bob", 1, 3_000, "2026-04-15T14:00:00.000Z"],
      ["Ada", 2, 13_000, "2026-04-01T14:00:00.000Z"],
      ["Cy", 0, 0, null],
    ]);
    expect(customers.every((c) => c.verified === false)).toBe(true);
  });

  it("sorts by each column both ways, searches name or e-mail, and pages", async () => {
    const names = async (change: Partial<CustomerQuery>) =>
      (await listCustomers(query(change))).customers.map((c) => c.username.split(" ")[0]);
    expect(await names({ sort: "spent", dir: "desc" })).toEqual(["Ada", "Bob", "Cy"]);
    expect(await names({ sort: "spent", dir: "asc" })).toEqual(["Cy", "Bob", "Ada"]);
    expect(await names({ sort: "name", dir: "asc" })).toEqual(["Ada", "Bob", "Cy"]);
    expect(await names({ sort: "orders", dir: "asc" })).toEqual(["Cy", "Bob", "Ada"]);
    expect(await names({ sort: "lastOrder", dir: "asc" })).toEqual(["Cy", "Ada", "Bob"]);
    expect((await listCustomers({ ...query(), q: bob.email.toUpperCase() })).customers.map((c) => c.id)).toEqual([
      bob.id,
    ]);
    expect((await listCustomers({ ...query(), q: "nobody-at-all_%" })).total).toBe(0);
    // Staff are not customers.
    expect((await listCustomers({ ...query(), q: owner.email })).total).toBe(0);
    // A page past the end is the last page.
    expect((await listCustomers(query({ page: 99 }))).page).toBe(1);
  });

  it("reads its address, refusing what it does not know", () => {
    expect(parseCustomerQuery(new URLSearchParams("q=%20ada%20&sort=spent&dir=asc&page=2"))).toEqual({
      ok: true,
      value: { q: "ada", sort: "spent", dir: "asc", page: 2 },
    });
    expect(parseCustomerQuery(new URLSearchParams("sort=&page="))).toEqual({
      ok: true,
      value: { q: "", sort: "lastOrder", dir: "desc", page: 1 },
    });
    expect(parseCustomerQuery(new URLSearchParams("sort=password"))).toEqual({ ok: false, problem: "invalidSort" });
    expect(parseCustomerQuery(new URLSearchParams("dir=sideways"))).toEqual({ ok: false, problem: "invalidDir" });
    expect(parseCustomerQuery(new URLSearchParams("page=0"))).toEqual({ ok: false, problem: "invalidPage" });
    expect(parseCustomerQuery(new URLSearchParams("page=two"))).toEqual({ ok: false, problem: "invalidPage" });
    expect(parseCustomerQuery(new URLSearchParams(`q=${"x".repeat(101)}`))).toEqual({ ok: false, problem: "tooLong" });
  });
});

describe("a customer's page", () => {
  it("shows their orders with refunds, their messages and their newsletter consent with its date", async () => {
    const detail = await getCustomer(ada.id);
    expect(detail).toMatchObject({ orders: 2, spentCents: 13_000, refundedCents: 2_000, verified: false });
    expect(detail.orderList.map((o) => [o.id, o.status, o.totalCents, o.refundedCents])).toEqual([
      [`${tag}-a3`, "pending", 9_999, 0],
      [`${tag}-a2`, "paid", 5_000, 2_000],
      [`${tag}-a1`, "paid", 10_000, 0],
    ]);
    expect(detail.messages.map((m) => m.message)).toEqual(["A helmet"]);
    expect(detail.newsletter).toEqual({ at: "2026-02-01T12:00:00.000Z", text: "Yes, send me news" });
    expect((await getCustomer(cy.id)).newsletter).toBeNull();
    await expect(getCustomer("no-such-customer")).rejects.toMatchObject({ code: "customer.not_found" });
    await expect(getCustomer(owner.id)).rejects.toMatchObject({ code: "customer.not_found" });
  });

  it("marks the address verified by hand once, recording who and when", async () => {
    expect(await markVerifiedByHand(owner.id, cy.id)).toBe(true);
    expect(await markVerifiedByHand(owner.id, cy.id)).toBe(false);
    const detail = await getCustomer(cy.id);
    expect(detail.verified).toBe(true);
    expect(detail.events).toHaveLength(1);
    expect(detail.events[0]).toMatchObject({ kind: "email_verified_by_hand", actor: expect.any(String) });
    expect(Date.now() - Date.parse(detail.events[0].createdAt)).toBeLessThan(60_000);
    await expect(markVerifiedByHand(owner.id, "no-such-customer")).rejects.toMatchObject({
      code: "customer.not_found",
    });
    // The customer's own data (Law 25's right of access) says so too.
    expect((await exportAccountData(cy.id)).accountEvents).toEqual([
      { kind: "email_verified_by_hand", at: detail.events[0].createdAt },
    ]);
  });
});

describe("the customers API", () => {
  it("lists, refuses a bad query with a 400 in the caller's language, and marks verified", async () => {
    const listed = await call(`/api/admin/customers?q=${encodeURIComponent(bob.email)}`, { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { customers: { id: string; spentCents: number }[] }).customers).toEqual([
      expect.objectContaining({ id: bob.id, spentCents: 3_000 }),
    ]);
    const bad = await call("/api/admin/customers?sort=secret", {
      cookie: owner.cookie,
      headers: { "accept-language": "fr" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Cette liste ne peut pas être triée ainsi.",
    );
    expect((await call("/api/admin/customers/nobody", { cookie: owner.cookie })).status).toBe(404);
    const verified = await call(`/api/admin/customers/${bob.id}/verify`, { cookie: owner.cookie, body: {} });
    expect(await verified.json()).toEqual({ changed: true });
  });
});
