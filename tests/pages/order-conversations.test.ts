import type { Hono } from "hono";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { hashAccessKey, newAccessKey } from "../../server/orders/access-keys.ts";
import { mailStudioNotices } from "../../server/mail/studio-notices.ts";
import { BURST_WAIT_MS, mailStudioMessages } from "../../server/conversations/mail.ts";
import { eraseGuestDetails, guestOrderData } from "../../server/orders/guest-privacy.ts";
import { MESSAGES_PER_WINDOW, postMessage } from "../../server/conversations/post-message.ts";
import { ordersUnreadByBuyer, unreadByStudioCount } from "../../server/conversations/unread.ts";
import { call, ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** Issue 54: the conversation on an order, between its buyer and the studio, and nobody else. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  site = await loadSite();
  admin = await signUpUser("admin");
  buyer = await signUpUser();
  stranger = await signUpUser();
}, 60_000);
afterAll(() => site.close());

/** An order placed by `userId` (null: a guest's, with an access key), with its contact. */
async function order(userId: string | null, locale: "en" | "fr" = "en", status: "paid" | "fulfilled" = "paid") {
  const db = await getDb();
  const id = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(tables.orders).values({ id, userId, totalCents: 2500, currency: "CAD", locale, status });
  const email = `${id.toLowerCase()}@buyer.test`;
  await db.insert(tables.orderContacts).values({ orderId: id, email, fullName: "Ann Tremblay" });
  const key = newAccessKey();
  await db.insert(tables.orderAccessKeys).values({ orderId: id, keyHash: hashAccessKey(key) });
  return { id, key, email };
}

const get = (path: string, cookie = "") => site.app.request(`${ORIGIN}${path}`, { headers: { cookie } });

function post(path: string, fields: Record<string, string>, cookie = "") {
  return site.app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function messagesOf(orderId: string) {
  const db = await getDb();
  return db
    .select()
    .from(tables.conversationMessages)
    .where(eq(tables.conversationMessages.orderId, orderId))
    .orderBy(tables.conversationMessages.id);
}

async function outboxTo(email: string) {
  const db = await getDb();
  return db.select().from(tables.outbox).where(eq(tables.outbox.to, email));
}

describe("who may read and write an order's conversation", () => {
  it("its signed-in buyer reads it on the order's page and writes in it", async () => {
    const placed = await order(buyer.id);
    const sent = await post(`/orders/${placed.id}`, { intent: "message", body: "Can it be blue?" }, buyer.cookie);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Message sent.");
    const page = await (await get(`/orders/${placed.id}`, buyer.cookie)).text();
    expect(page).toContain("Can it be blue?");
    expect(page).toContain("You");
  });

  it("a guest with the order's key reads and writes it; the key of another order opens nothing", async () => {
    const placed = await order(null);
    const other = await order(null);
    // The page opened by the link posts its form to its own address, key included.
    const sent = await post(`/orders/${placed.id}?key=${placed.key}`, {
      intent: "message",
      body: "From my phone",
      key: placed.key,
    });
    expect(sent.status).toBe(200);
    expect(await (await get(`/orders/${placed.id}?key=${placed.key}`)).text()).toContain("From my phone");

    expect((await get(`/orders/${placed.id}?key=${other.key}`)).status).toBe(404);
    const refused = await post(`/orders/${placed.id}`, { intent: "message", body: "Hi", key: other.key });
    expect(refused.status).toBe(404);
    expect((await messagesOf(placed.id)).map((message) => message.body)).toEqual(["From my phone"]);
  });

  it("nobody anonymous, and no other buyer, reads or writes it", async () => {
    const placed = await order(buyer.id);
    await postMessage(placed.id, { side: "studio", staffUserId: admin.id }, "Private words");
    const anonymous = await get(`/orders/${placed.id}`);
    expect(anonymous.status).not.toBe(200);
    expect(await anonymous.text()).not.toContain("Private words");
    expect((await post(`/orders/${placed.id}`, { intent: "message", body: "Hi" })).status).toBe(404);

    const other = await get(`/orders/${placed.id}`, stranger.cookie);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("Private words");
    expect((await post(`/orders/${placed.id}`, { intent: "message", body: "Hi" }, stranger.cookie)).status).toBe(404);
    expect((await get(`/admin/orders/${placed.id}`, stranger.cookie)).status).not.toBe(200);
    expect(
      (await post(`/admin/orders/${placed.id}`, { intent: "message", body: "Hi" }, stranger.cookie)).status,
    ).not.toBe(200);
    expect((await messagesOf(placed.id)).map((message) => message.body)).toEqual(["Private words"]);
  });

  it("the studio's staff read and write it on the admin's page, where the writer's name shows; the buyer sees “The studio”", async () => {
    const placed = await order(buyer.id);
    const sent = await post(`/admin/orders/${placed.id}`, { intent: "message", body: "Printed today." }, admin.cookie);
    expect(sent.status).toBe(200);
    const adminPage = await (await get(`/admin/orders/${placed.id}`, admin.cookie)).text();
    const staffName = admin.email.split("@")[0]!;
    expect(adminPage).toContain("Printed today.");
    expect(adminPage).toContain(`The studio (${staffName})`);
    const buyerPage = await (await get(`/orders/${placed.id}`, buyer.cookie)).text();
    expect(buyerPage).toContain("Printed today.");
    expect(buyerPage).toContain("The studio");
    expect(buyerPage).not.toContain(staffName);
  });
});

describe("what a message may be", () => {
  it("no HTML: markup is shown as text and only http(s) addresses become links, showing their address", async () => {
    const placed = await order(buyer.id);
    await post(
      `/orders/${placed.id}`,
      {
        intent: "message",
        body: '<img src=x onerror="alert(1)"> see https://example.com/a?b=1 and javascript:alert(2)',
      },
      buyer.cookie,
    );
    const page = await (await get(`/admin/orders/${placed.id}`, admin.cookie)).text();
    expect(page).not.toContain("<img src=x");
    expect(page).toContain("&lt;img src=x");
    expect(page).toMatch(/<a href="https:\/\/example.com\/a\?b=1"[^>]*>https:\/\/example.com\/a\?b=1<\/a>/);
    expect(page).not.toMatch(/href="javascript:/);
  });

  it("an empty or too long message is refused in the writer's language, with the text kept in the form", async () => {
    const placed = await order(buyer.id);
    const empty = await post(`/fr/orders/${placed.id}`, { intent: "message", body: "   " }, buyer.cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Écrivez un message avant de l’envoyer.");
    const long = "x".repeat(4001);
    const tooLong = await post(`/orders/${placed.id}`, { intent: "message", body: long }, buyer.cookie);
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain("A message can be up to 4,000 characters.");
    expect(html).toContain(long);
    expect(await messagesOf(placed.id)).toEqual([]);
  });

  it("a sender who writes too many messages in a short time is asked to wait", async () => {
    const placed = await order(buyer.id);
    process.env.RATE_LIMIT = "on";
    try {
      for (let i = 0; i < MESSAGES_PER_WINDOW; i++) await postMessage(placed.id, { side: "buyer" }, `Message ${i}`);
      await expect(postMessage(placed.id, { side: "buyer" }, "One more")).rejects.toMatchObject({
        code: "conversation.too_many",
        status: 429,
      });
    } finally {
      delete process.env.RATE_LIMIT;
    }
  });
});

describe("each side hears of the other's messages", () => {
  it("the buyer's burst of messages is one notice, e-mailed to the studio with the words, and an unread conversation", async () => {
    const placed = await order(null);
    const before = await unreadByStudioCount();
    const page = `/orders/${placed.id}?key=${placed.key}`;
    expect((await post(page, { intent: "message", body: "Is it ready?", key: placed.key })).status).toBe(200);
    expect((await post(page, { intent: "message", body: "And in red?", key: placed.key })).status).toBe(200);
    expect(await unreadByStudioCount()).toBe(before + 1);
    const db = await getDb();
    const events = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.orderId, placed.id));
    expect(events.map((event) => event.kind)).toEqual(["buyer_message"]);

    await mailStudioNotices();
    const [event] = await db.select().from(tables.studioEvents).where(eq(tables.studioEvents.orderId, placed.id));
    const [mail] = await db.select().from(tables.outbox).where(eq(tables.outbox.id, event!.outboxId!));
    const identity = await db.select().from(tables.studioIdentity);
    expect(mail!.to).toBe(identity[0]?.email ?? mail!.to);
    expect(mail!.subject).toBe(`The buyer wrote on order ${placed.id}`);
    expect(mail!.text).toContain("Is it ready?");
    expect(mail!.text).toContain(`/admin/orders/${placed.id}`);

    const list = await (await get(`/admin/orders?q=${placed.id}`, admin.cookie)).text();
    expect(list).toContain('data-testid="unread-conversations"');
    expect(list).toMatch(new RegExp(`${placed.id}<span[^>]*>New message</span>`));

    const notices = await (await get("/admin/notices", admin.cookie)).text();
    expect(notices).toContain(`The buyer wrote on order ${placed.id}`);
    // The studio opens the order: the conversation is read.
    await get(`/admin/orders/${placed.id}`, admin.cookie);
    expect(await unreadByStudioCount()).toBe(before);
  });

  it("the studio's messages reach a guest in one e-mail, in the order's language, with a link that opens the conversation", async () => {
    const placed = await order(null, "fr");
    await post(`/admin/orders/${placed.id}`, { intent: "message", body: "Votre pièce est prête." }, admin.cookie);
    await post(
      `/admin/orders/${placed.id}`,
      { intent: "message", body: "Photo: https://example.com/p.jpg" },
      admin.cookie,
    );
    expect(await mailStudioMessages()).toBe(0); // the burst is still being written
    expect(await mailStudioMessages(new Date(Date.now() + BURST_WAIT_MS + 1000))).toBeGreaterThanOrEqual(1);
    const mails = await outboxTo(placed.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain(`vous a écrit au sujet de la commande ${placed.id}`);
    expect(mail.text).toContain("Votre pièce est prête.");
    expect(mail.text).toContain("https://example.com/p.jpg");
    const link = /http:\/\/localhost:3000\/fr\/orders\/[^\s\]]+key=[A-Za-z0-9_-]{43}#conversation/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const opened = await get(new URL(link!).pathname + new URL(link!).search);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Votre pièce est prête.");
    // Nothing is sent twice.
    expect(await mailStudioMessages(new Date(Date.now() + 2 * BURST_WAIT_MS))).toBe(0);
  });

  it("a studio message the buyer read on the page before the e-mail left is not e-mailed, and the buyer's unread count follows", async () => {
    const placed = await order(buyer.id);
    await postMessage(placed.id, { side: "studio", staffUserId: admin.id }, "Seen already");
    expect(await ordersUnreadByBuyer(buyer.id)).toContain(placed.id);
    const profile = await (await get("/profile", buyer.cookie)).text();
    expect(profile).toContain('data-testid="unread-replies"');
    expect(profile).toMatch(new RegExp(`${placed.id}</a><span[^>]*>New message</span>`));
    await get(`/orders/${placed.id}`, buyer.cookie);
    expect(await ordersUnreadByBuyer(buyer.id)).not.toContain(placed.id);
    await mailStudioMessages(new Date(Date.now() + BURST_WAIT_MS + 1000));
    expect(await outboxTo(placed.email)).toEqual([]);
  });
});

describe("the conversation is the buyer's data", () => {
  it("is in a guest's copy of their data; erasing their details removes their words and keeps the studio's", async () => {
    const placed = await order(null, "en", "fulfilled");
    await postMessage(placed.id, { side: "buyer" }, "My words");
    await postMessage(placed.id, { side: "studio", staffUserId: admin.id }, "The studio's words");
    const copy = await guestOrderData(placed.id);
    expect(copy?.order.conversation).toMatchObject([
      { author: "buyer", body: "My words" },
      { author: "studio", body: "The studio's words" },
    ]);
    expect(JSON.stringify(copy)).not.toContain(admin.id);

    await eraseGuestDetails(placed.id);
    expect((await messagesOf(placed.id)).map((message) => [message.author, message.body])).toEqual([
      ["studio", "The studio's words"],
    ]);
  });
});

describe("approving the finished part", () => {
  it("the studio asks, handing over then asks first, the buyer approves in one click, and the history shows both", async () => {
    const placed = await order(null);
    const asked = await post(
      `/admin/orders/${placed.id}`,
      { intent: "ask-approval", body: "Your part is done: https://example.com/photo.jpg" },
      admin.cookie,
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("The buyer was asked to approve the finished part.");

    const buyerPage = await (await get(`/orders/${placed.id}?key=${placed.key}`)).text();
    expect(buyerPage).toContain("The studio asks you to approve the finished part.");
    expect(buyerPage).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);

    const handOver = await post(`/admin/orders/${placed.id}`, { intent: "fulfil", method: "shipped" }, admin.cookie);
    expect(handOver.status).toBe(409);
    expect(await handOver.text()).toContain("The buyer has not approved the finished part yet.");

    const other = await order(null);
    const stranger = await post(`/orders/${placed.id}`, { intent: "approve", key: other.key });
    expect(stranger.status).toBe(404);

    const approved = await post(`/orders/${placed.id}?key=${placed.key}`, {
      intent: "approve",
      body: "",
      key: placed.key,
    });
    expect(approved.status).toBe(200);
    const approvedPage = await approved.text();
    expect(approvedPage).toContain("Thank you: your approval is recorded.");
    expect(approvedPage).not.toContain("The studio asks you to approve the finished part.");
    expect(await (await get(`/orders/${placed.id}?key=${placed.key}`)).text()).not.toContain(
      "The studio asks you to approve the finished part.",
    );
    const again = await post(`/orders/${placed.id}?key=${placed.key}`, {
      intent: "approve",
      body: "",
      key: placed.key,
    });
    expect(again.status).toBe(409);

    const adminPage = await (await get(`/admin/orders/${placed.id}`, admin.cookie)).text();
    expect(adminPage).toContain("The studio asked the buyer to approve the finished part");
    expect(adminPage).toContain("The buyer approved the finished part");
    expect(adminPage).not.toContain("Waiting for the buyer&#x27;s approval");
  });

  it("the rule is the workflow's: through the API, handing over waits for the approval unless the admin overrides it, which the history shows", async () => {
    const fulfil = (orderId: string, body: Record<string, unknown>) =>
      call(`/api/admin/orders/${orderId}/fulfil`, { cookie: admin.cookie, body });
    const eventsOf = async (orderId: string) => {
      const response = await call(`/api/admin/orders/${orderId}`, { cookie: admin.cookie });
      const { order } = (await response.json()) as { order: { status: string; events: { reason: string }[] } };
      return order;
    };
    const ask = (orderId: string) =>
      post(`/admin/orders/${orderId}`, { intent: "ask-approval", body: "Done: https://example.com/p" }, admin.cookie);

    // Refused while the buyer has not answered, with the code and its words in the admin's language.
    const awaited = await order(buyer.id, "fr");
    await ask(awaited.id);
    const refused = await fulfil(awaited.id, { method: "shipped" });
    expect(refused.status).toBe(409);
    const error = ((await refused.json()) as { error: { code: string; reason: string; message: string } }).error;
    expect(error).toMatchObject({ code: "aborted", reason: "order.awaiting_approval" });
    expect(error.message).toContain("The buyer has not approved the finished part yet.");
    const french = await call(`/api/admin/orders/${awaited.id}/fulfil`, {
      cookie: admin.cookie,
      body: { method: "shipped", withoutApproval: false },
      headers: { "accept-language": "fr-CA" },
    });
    expect(french.status).toBe(409);
    expect(((await french.json()) as { error: { message: string } }).error.message).toContain(
      "Le client n’a pas encore approuvé la pièce terminée.",
    );
    // An override that is not a boolean is not an override.
    expect((await fulfil(awaited.id, { method: "shipped", withoutApproval: "yes" })).status).toBe(400);
    expect((await eventsOf(awaited.id)).status).toBe("paid");

    // With the admin's explicit override it ships, and the history says so.
    const overridden = await fulfil(awaited.id, { method: "shipped", withoutApproval: true });
    expect(overridden.status).toBe(200);
    const shipped = await eventsOf(awaited.id);
    expect(shipped.status).toBe("fulfilled");
    expect(shipped.events.map((event) => event.reason)).toEqual([
      "approval_requested",
      "handed_over_without_approval",
      "fulfilled_shipped",
    ]);
    const adminPage = await (await get(`/admin/orders/${awaited.id}`, admin.cookie)).text();
    expect(adminPage).toContain("Handed over without waiting for the buyer&#x27;s approval of the finished part");

    // Once the buyer approved, it ships without any override, and nothing extra is recorded.
    const approved = await order(buyer.id);
    await ask(approved.id);
    expect((await post(`/orders/${approved.id}`, { intent: "approve", body: "" }, buyer.cookie)).status).toBe(200);
    expect((await fulfil(approved.id, { method: "shipped" })).status).toBe(200);
    expect((await eventsOf(approved.id)).events.map((event) => event.reason)).toEqual([
      "approval_requested",
      "approval_given",
      "fulfilled_shipped",
    ]);

    // The admin's page hands over through the same rule: its box is the override.
    const onPage = await order(buyer.id);
    await ask(onPage.id);
    const unticked = await post(`/admin/orders/${onPage.id}`, { intent: "fulfil", method: "picked_up" }, admin.cookie);
    expect(unticked.status).toBe(409);
    const ticked = await post(
      `/admin/orders/${onPage.id}`,
      { intent: "fulfil", method: "picked_up", withoutApproval: "on" },
      admin.cookie,
    );
    expect(ticked.status).toBe(200);
    expect((await eventsOf(onPage.id)).events.map((event) => event.reason)).toContain("handed_over_without_approval");
  });

  it("asking for a change needs words, and the studio is told", async () => {
    const placed = await order(buyer.id);
    await post(
      `/admin/orders/${placed.id}`,
      { intent: "ask-approval", body: "Photos: https://example.com/p" },
      admin.cookie,
    );
    const empty = await post(`/orders/${placed.id}`, { intent: "request-change", body: "" }, buyer.cookie);
    expect(empty.status).toBe(400);
    const change = await post(
      `/orders/${placed.id}`,
      { intent: "request-change", body: "Darker, please." },
      buyer.cookie,
    );
    expect(change.status).toBe(200);
    expect(await change.text()).toContain("Your request for a change was sent to the studio.");
    const adminPage = await (await get(`/admin/orders/${placed.id}`, admin.cookie)).text();
    expect(adminPage).toContain("The buyer asked for a change to the finished part");
    expect(adminPage).toContain("Darker, please.");
  });
});
