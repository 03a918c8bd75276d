import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, signUpUser, type TestUser } from "../../tests/support/api.ts";

/** Issue 34, B1: a contact message belongs to who sent it, never to whoever signs up with its address. */

type Export = {
  contactMessages: { message: string; phone: string | null }[];
  consents: { kind: string }[];
};
type Customer = { messages: { message: string }[]; newsletter: { at: string } | null };

const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

async function writeToStudio(email: string, message: string, cookie?: string) {
  const response = await call("/api/submitContactForm", {
    body: { name: "Alice", email, phone: "514-555-0199", projectType: "decor", message, newsletter: true },
    cookie,
    ip: ip(),
  });
  expect(response.status).toBe(200);
}

async function signUpAs(email: string): Promise<TestUser> {
  const response = await call("/api/auth/sign-up/email", {
    body: { name: "mallory", email, password: "any-password-1" },
    ip: ip(),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: body.user.id, email, cookie, token: "" };
}

async function exported(person: TestUser): Promise<Export> {
  const response = await call("/api/account/data", { cookie: person.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Export;
}

async function customerPage(admin: TestUser, person: TestUser): Promise<Customer> {
  const response = await call(`/api/admin/customers/${person.id}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { customer: Customer }).customer;
}

async function verifyByHand(admin: TestUser, person: TestUser) {
  const response = await call(`/api/admin/customers/${person.id}/verify`, { method: "POST", cookie: admin.cookie });
  expect(response.ok).toBe(true);
}

describe("contact messages and newsletter consent belong to who sent them (B1)", () => {
  it("an unverified account with someone's address gets none of their messages, a verified one does", async () => {
    const owner = await signUpUser("admin");
    const alice = `alice-${randomUUID().slice(0, 8)}@example.test`;
    await writeToStudio(alice, "My phone is above, call me about a lamp.");

    const mallory = await signUpAs(alice);
    const leaked = await exported(mallory);
    expect(leaked.contactMessages).toEqual([]);
    expect(leaked.consents).toEqual([]);
    expect(JSON.stringify(leaked)).not.toContain("514-555-0199");
    expect(await customerPage(owner, mallory)).toMatchObject({ messages: [], newsletter: null });

    // The rule chosen: a message sent without an account joins the account once it has proved the
    // address. Its consent still is not the customer's: anyone could have ticked it for that address.
    await verifyByHand(owner, mallory);
    const verified = await exported(mallory);
    expect(verified.contactMessages).toMatchObject([{ message: "My phone is above, call me about a lamp." }]);
    expect(verified.consents).toEqual([]);
    expect(await customerPage(owner, mallory)).toMatchObject({
      messages: [{ message: "My phone is above, call me about a lamp." }],
      newsletter: null,
    });
  });

  it("a message sent signed in belongs to that account, verified or not, with its consent", async () => {
    const owner = await signUpUser("admin");
    const buyer = await signUpUser();
    await writeToStudio(buyer.email, "Sent while signed in", buyer.cookie);
    const data = await exported(buyer);
    expect(data.contactMessages).toMatchObject([{ message: "Sent while signed in" }]);
    expect(data.consents).toMatchObject([{ kind: "newsletter" }]);
    const page = await customerPage(owner, buyer);
    expect(page.messages).toMatchObject([{ message: "Sent while signed in" }]);
    expect(page.newsletter).not.toBeNull();
  });

  it("a message sent signed in with another person's address stays the sender's", async () => {
    const owner = await signUpUser("admin");
    const sender = await signUpUser();
    const other = await signUpUser();
    await verifyByHand(owner, other);
    await writeToStudio(other.email, "Typed someone else's address", sender.cookie);
    expect((await exported(other)).contactMessages).toEqual([]);
    expect(await customerPage(owner, other)).toMatchObject({ messages: [], newsletter: null });
    expect((await exported(sender)).contactMessages).toMatchObject([{ message: "Typed someone else's address" }]);
  });

  it("a consent posted anonymously with a verified customer's address is not shown as theirs", async () => {
    const owner = await signUpUser("admin");
    const customer = await signUpUser();
    await verifyByHand(owner, customer);
    await writeToStudio(customer.email, "Forged newsletter consent");
    expect((await customerPage(owner, customer)).newsletter).toBeNull();
    expect((await exported(customer)).consents).toEqual([]);
  });
});
