import { randomUUID } from "node:crypto";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binaryStl, box } from "../support/mesh-fixtures.ts";
import {
  client,
  createDatabase,
  requireDatabaseServer,
  startAppServer,
  startObjectStore,
  startSmtpSink,
  until,
  type AppServer,
} from "./cluster.ts";

/**
 * Two app servers of the production build on one PostgreSQL database, as a studio runs them
 * behind a load balancer: nothing sold twice, nothing sent twice, limits and caches shared.
 */

const basePort = Number(process.env.SCALE_PORT ?? 4521);
const publicUrl = `http://127.0.0.1:${basePort}`;
const adminEmail = "owner@scale.test";

let drop: () => Promise<void>;
let db: pg.Client;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let objects: Awaited<ReturnType<typeof startObjectStore>>;
let a: AppServer;
let b: AppServer;
let env: Record<string, string>;
const admin = client(publicUrl, "198.51.100.1");
let categoryId: string;

beforeAll(async () => {
  const database = await createDatabase(requireDatabaseServer());
  drop = database.drop;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  sink = await startSmtpSink();
  objects = await startObjectStore();
  env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: "scale-test-secret-shared-by-every-app-server",
    TRUST_PROXY: "on",
    PAYMENTS: "sandbox",
    SMTP_URL: sink.url,
    MAIL_INTERVAL_SECONDS: "1",
    MAIL_LEASE_SECONDS: "3",
    HOLD_SWEEP_SECONDS: "1",
    // Long enough that only a notice from the other server can explain a fresh answer.
    PAGE_CACHE_MS: "60000",
    CATALOGUE_CACHE_MS: "60000",
    BUYER_CACHE_MS: "60000",
    ...objects.env,
  };
  // Started together: they migrate and load the sample catalogue at the same time.
  [a, b] = await Promise.all([
    startAppServer("server-a", basePort, env),
    startAppServer("server-b", basePort + 1, env),
  ]);

  const { user } = await admin.signUp(a, adminEmail, "owner-password");
  await db.query("update users set role = 'admin' where id = $1", [user.id]);
  const categories = await admin.json<{ categories: { id: string }[] }>(a, "/api/admin/categories");
  categoryId = categories.body.categories[0]!.id;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.close();
  await objects?.close();
  await db?.end();
  await drop?.();
});

async function createItem(
  name: string,
  stock: number,
  priceCents: number,
): Promise<{ id: string; slug: string; version: number }> {
  const response = await admin.json(a, "/api/admin/items", {
    body: {
      translations: {
        en: { name, description: "Printed for the scale test." },
        fr: { name, description: "Imprimé pour le test." },
      },
      categoryId,
      price: (priceCents / 100).toFixed(2),
      stock,
      images: { main: "/images/catalogue/articulated-dragon.svg", gallery: [] },
    },
  });
  expect(response.status).toBe(201);
  return response.body.item;
}

async function publicItem(server: AppServer, id: string) {
  const response = await fetch(`${server.url}/api/catalogue/items/by-ids?ids=${id}`);
  return ((await response.json()) as { items: { stock: number; priceCents: number }[] }).items[0]!;
}

describe("two app servers on one PostgreSQL database", () => {
  it("both answer /healthz and /readyz", async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready" });
    }
  });

  it("20 buyers split across both servers for the last 3 units: 3 sold, none oversold", async () => {
    const item = await createItem(`Last three ${randomUUID().slice(0, 6)}`, 3, 2500);
    const buyers = Array.from({ length: 20 }, (_, n) => ({
      n,
      server: n % 2 === 0 ? a : b,
      web: client(publicUrl, `10.20.0.${n + 1}`),
    }));
    await Promise.all(
      buyers.map((buyer) => buyer.web.signUp(buyer.server, `buyer-${buyer.n}-${randomUUID().slice(0, 6)}@scale.test`)),
    );
    // Placing an order needs a verified address (the link of the sign-up e-mail, not followed here).
    await db.query("update users set email_verified = true where email like '%@scale.test'");

    const placed = await Promise.all(
      buyers.map(async (buyer) => ({
        buyer,
        ...(await buyer.web.json(buyer.server, "/api/orders", {
          body: { lines: [{ itemId: item.id, quantity: 1 }], delivery: { method: "pickup" } },
        })),
      })),
    );
    const winners = placed.filter((p) => p.status === 201);
    expect(winners).toHaveLength(3);
    expect(placed.filter((p) => p.status !== 201).every((p) => p.status === 409)).toBe(true);

    // Each winner pays through the other server than the one that took the order.
    for (const { buyer, body } of winners) {
      const server = buyer.server === a ? b : a;
      const intent = await buyer.web.json(server, "/api/createPaymentIntent", { body: { orderId: body.order.id } });
      expect(intent.status).toBe(200);
      const confirm = await buyer.web.json(
        server,
        `/api/sandbox/payment_intents/${intent.body.paymentIntent}/confirm`,
        {
          body: {
            clientSecret: intent.body.clientSecret,
            card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
          },
        },
      );
      expect(confirm.status).toBe(200);
      const verified = await buyer.web.json(buyer.server, "/api/verifyPayment", {
        body: { paymentIntent: intent.body.paymentIntent, clientSecret: intent.body.clientSecret },
      });
      expect(verified.body.success).toBe(true);
    }

    const sold = await db.query(
      `select o.status, sum(l.quantity)::int as units from order_lines l join orders o on o.id = l.order_id
       where l.item_id = $1 group by o.status`,
      [item.id],
    );
    expect(sold.rows).toEqual([{ status: "paid", units: 3 }]);
    expect((await publicItem(a, item.id)).stock).toBe(0);
    expect((await publicItem(b, item.id)).stock).toBe(0);
  });

  it("a rate limit used up through server A is used up on server B", async () => {
    // better-auth's sign-in limit (10 a minute per address).
    const attacker = client(publicUrl, "10.30.0.66");
    const wrong = { email: adminEmail, password: "not-the-password" };
    for (let i = 0; i < 10; i++) {
      expect((await attacker.send(a, "/api/auth/sign-in/email", { body: wrong })).status).toBe(401);
    }
    expect((await attacker.send(b, "/api/auth/sign-in/email", { body: wrong })).status).toBe(429);
    expect((await client(publicUrl, "10.30.0.67").send(b, "/api/auth/sign-in/email", { body: wrong })).status).toBe(
      401,
    );

    // The app's own limit on the contact form (5 an hour per address).
    const writer = client(publicUrl, "10.30.0.77");
    const message = {
      name: "Scale",
      email: "writer@scale.test",
      projectType: "custom",
      message: "Several servers, one limit.",
    };
    for (let i = 0; i < 5; i++)
      expect((await writer.json(i % 2 === 0 ? a : b, "/api/submitContactForm", { body: message })).status).toBe(200);
    const refused = await writer.json(b, "/api/submitContactForm", { body: message });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("resource-exhausted");
  });

  it("an admin's price change through A is seen on B's next request (caches cleared on every server)", async () => {
    const word = `Pricechange${randomUUID().slice(0, 6)}`;
    const item = await createItem(`${word} lamp`, 5, 1234);
    const search = `/api/catalogue/items?q=${word}`;
    const priceOnB = async () =>
      ((await (await fetch(b.url + search)).json()) as { items: { priceCents: number }[] }).items[0]?.priceCents;
    const pageOnB = async () => (await fetch(`${b.url}/store/${item.slug}`)).text();
    expect(await priceOnB()).toBe(1234);
    expect(await pageOnB()).toContain("12.34");

    const change = await admin.json(a, "/api/update-inventory", {
      body: { itemId: item.id, version: item.version, updates: { price: "56.78" } },
    });
    expect(change.status).toBe(200);
    // The notice travels through PostgreSQL in milliseconds; the caches would otherwise keep the old price for a minute.
    await until(async () => (await priceOnB()) === 5678, 3_000, "B's catalogue to show the new price");
    const page = await pageOnB();
    expect(page).toContain("56.78");
    expect(page).not.toContain("12.34");
  });

  it("a line added to the cart through A is counted by B's next page (kept carts cleared on every server)", async () => {
    const item = await createItem(`Keptcart${randomUUID().slice(0, 6)} cup`, 5, 1500);
    const buyer = client(publicUrl, "10.41.0.1");
    await buyer.signUp(a, `kept-cart-${randomUUID().slice(0, 8)}@scale.test`);
    const countOnB = async () => {
      const html = await (await buyer.send(b, "/store")).text();
      return Number(/data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1] ?? 0);
    };
    // B keeps this buyer's empty cart for the next pages.
    expect(await countOnB()).toBe(0);
    const added = await fetch(`${a.url}/cart`, {
      method: "POST",
      headers: {
        origin: publicUrl,
        cookie: buyer.cookie(),
        "x-forwarded-for": buyer.address,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "add", itemId: item.id, quantity: "2" }),
    });
    expect(added.status).toBeLessThan(400);
    await until(async () => (await countOnB()) === 2, 3_000, "B's header to count the new line");
  });

  it("an order's page kept by B shows a change written by neither server (the database's trigger tells both)", async () => {
    const item = await createItem(`Keptorder${randomUUID().slice(0, 6)} jug`, 5, 2200);
    const buyer = client(publicUrl, "10.42.0.1");
    const { user } = await buyer.signUp(a, `kept-order-${randomUUID().slice(0, 8)}@scale.test`);
    await db.query("update users set email_verified = true where id = $1", [user.id]);
    const placed = await buyer.json<{ order: { id: string } }>(a, "/api/orders", {
      body: { lines: [{ itemId: item.id, quantity: 1 }], delivery: { method: "pickup" } },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id;
    const statusOnB = async () => {
      const html = await (await buyer.send(b, `/orders/${orderId}`)).text();
      return /data-testid="order-status">([^<]*)</.exec(html)?.[1];
    };
    // B keeps the order's page for the next requests.
    expect(await statusOnB()).toBe("Awaiting payment");
    await db.query("update orders set status = 'paid', paid_at = now() where id = $1", [orderId]);
    await until(async () => (await statusOnB()) === "Paid", 3_000, "B's order page to show it paid");
  });

  it("a logout through A: a copy of the old cookies answers 401 on B's /api/me at once (revocations shared by NOTIFY)", async () => {
    const buyer = client(publicUrl, "10.40.0.1");
    await buyer.signUp(a, `logout-${randomUUID().slice(0, 8)}@scale.test`);
    const copy = buyer.cookie();
    const meOnB = async () =>
      (await fetch(`${b.url}/api/me`, { headers: { cookie: copy, "x-forwarded-for": "10.40.0.2" } })).status;
    // B answers from the signed cookie cache, without the database.
    expect(await meOnB()).toBe(200);
    expect((await buyer.send(a, "/api/auth/sign-out", { body: {} })).status).toBe(200);
    // A guard for several servers; the in-process test that failed before the fix is tests/security/logout.test.ts.
    await until(async () => (await meOnB()) === 401, 3_000, "B to refuse the signed-out cookie");
  });

  it("a picture uploaded through A is served by B (S3-compatible storage shared by both)", async () => {
    const png = await sharp({ create: { width: 700, height: 500, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "part.png");
    const upload = await fetch(`${a.url}/api/admin/media`, {
      method: "POST",
      headers: { origin: publicUrl, cookie: admin.cookie(), "x-forwarded-for": admin.address },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { picture } = (await upload.json()) as { picture: { url: string } };
    const served = await fetch(b.url + picture.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\/(webp|avif)$/);
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("a buyer's 3D file uploaded through A is sliced by B, downloaded from both, and leaves the bucket with the account", async () => {
    const buyer = client(publicUrl, "10.60.0.1");
    const email = `files-${randomUUID().slice(0, 8)}@scale.test`;
    await buyer.signUp(a, email);
    const statusOnceSliced = async (server: AppServer, id: string) => {
      for (let tries = 0; tries < 5; tries++) {
        const quote = await buyer.json<{ status: string }>(server, `/api/quotes/${id}?wait=price`);
        if (quote.body.status !== "estimating") return quote.body.status;
      }
      return "estimating";
    };
    const model = binaryStl(box(20, 20, 20));
    const form = new FormData();
    form.append("file", new Blob([model as Uint8Array<ArrayBuffer>]), "bracket.stl");
    const upload = await fetch(`${a.url}/api/quotes`, {
      method: "POST",
      headers: { origin: publicUrl, cookie: buyer.cookie(), "x-forwarded-for": buyer.address },
      body: form,
    });
    expect(upload.status).toBe(201);
    const quote = (await upload.json()) as { id: string; options: { infillPercent: number } };
    const [file] = (
      await db.query(
        "select f.id, f.storage_key from quote_files f join quotes q on q.file_id = f.id where q.id = $1",
        [quote.id],
      )
    ).rows as { id: string; storage_key: string }[];
    const keys = [`quote-files/${file!.storage_key}`, `quote-files/${file!.id}.svg`];
    for (const key of keys) expect(await objects.bucket.get(key), key).not.toBeNull();
    expect(await statusOnceSliced(a, quote.id)).toBe("priced");

    // A is stopped, so the slice of the new options can only run on B, which never held the file.
    await a.stop();
    const changed = await buyer.json(b, `/api/quotes/${quote.id}/options`, {
      method: "PUT",
      body: { ...quote.options, scale: 1, infillPercent: quote.options.infillPercent === 40 ? 20 : 40 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.status).toBe("estimating");
    expect(await statusOnceSliced(b, quote.id)).toBe("priced");
    a = await startAppServer("server-a-files", basePort, env);

    for (const server of [a, b]) {
      for (const person of [buyer, admin]) {
        const download = await person.send(server, `/api/quotes/${quote.id}/file`);
        expect(download.status, `${server.name}`).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(model))).toBe(true);
      }
      expect((await buyer.send(server, `/api/quotes/${quote.id}/thumbnail.svg`)).status).toBe(200);
    }

    const deleted = await buyer.json(b, "/api/account/delete", { body: { email, locale: "en" } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const key of keys) expect(await objects.bucket.get(key), key).toBeNull();
    expect((await db.query("select count(*)::int as n from quote_files where id = $1", [file!.id])).rows[0].n).toBe(0);
  });

  it("a hold expiring while both servers sweep gives the stock back once", async () => {
    const item = await createItem(`Held ${randomUUID().slice(0, 6)}`, 10, 900);
    const holders = Array.from({ length: 10 }, (_, n) => ({
      server: n % 2 === 0 ? a : b,
      web: client(publicUrl, `10.40.0.${n + 1}`),
      n,
    }));
    const orderIds: string[] = [];
    for (const holder of holders) {
      await holder.web.signUp(holder.server, `holder-${holder.n}-${randomUUID().slice(0, 6)}@scale.test`);
      await db.query("update users set email_verified = true where email like '%@scale.test'");
      const placed = await holder.web.json(holder.server, "/api/orders", {
        body: { lines: [{ itemId: item.id, quantity: 1 }], delivery: { method: "pickup" } },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      orderIds.push(placed.body.order.id);
    }
    expect((await publicItem(a, item.id)).stock).toBe(0);

    await db.query("update orders set reserved_until = now() - interval '1 second' where id = any($1)", [orderIds]);
    await until(
      async () =>
        (await db.query("select count(*)::int as n from orders where id = any($1) and status = 'expired'", [orderIds]))
          .rows[0].n === 10,
      10_000,
      "both servers' sweeps to expire the ten orders",
    );
    const events = await db.query(
      "select order_id, count(*)::int as n from order_events where order_id = any($1) and status = 'expired' group by order_id",
      [orderIds],
    );
    expect(events.rows.map((row) => row.n)).toEqual(Array(10).fill(1));
    expect((await publicItem(b, item.id)).stock).toBe(10);
  });

  async function queueMails(tag: string, count: number): Promise<string[]> {
    const subjects = Array.from({ length: count }, (_, i) => `${tag} ${i}`);
    for (const subject of subjects) {
      await db.query('insert into outbox (id, "to", subject, text) values ($1, $2, $3, $4)', [
        randomUUID(),
        "buyer@scale.test",
        subject,
        "…",
      ]);
    }
    return subjects;
  }

  const deliveries = (subject: string) => sink.received.filter((mail) => mail.subject === subject).length;
  const pendingOf = async (tag: string) =>
    (await db.query("select count(*)::int as n from outbox where subject like $1 and status <> 'sent'", [`${tag} %`]))
      .rows[0].n as number;

  it("50 e-mails queued, both servers sending: each delivered exactly once", async () => {
    const subjects = await queueMails("once", 50);
    await until(async () => (await pendingOf("once")) === 0, 30_000, "the outbox to be empty");
    expect(subjects.map(deliveries)).toEqual(Array(50).fill(1));
  });

  it("studio events recorded while both servers run: each one's notice is queued and delivered once", async () => {
    const name = `Notice ${randomUUID().slice(0, 6)}`;
    const item = await createItem(name, 5, 1000);
    const events = 20;
    for (let i = 0; i < events; i++)
      await db.query(
        "insert into studio_events (kind, item_id, detail) values ('low_stock', $1, '{\"stock\": 1, \"threshold\": 3}')",
        [item.id],
      );
    const unmailed = async () =>
      (
        await db.query("select count(*)::int as n from studio_events where item_id = $1 and mailed_at is null", [
          item.id,
        ])
      ).rows[0].n as number;
    await until(async () => (await unmailed()) === 0, 30_000, "every studio event to be mailed");
    const queued = await db.query(
      "select count(*)::int as n, count(distinct o.id)::int as distinct from studio_events e join outbox o on o.id = e.outbox_id where e.item_id = $1",
      [item.id],
    );
    expect(queued.rows[0]).toEqual({ n: events, distinct: events });
    const notices = await db.query("select count(*)::int as n from outbox where subject = $1", [
      `Low stock: ${name} (1 left)`,
    ]);
    expect(notices.rows[0].n).toBe(events);
  });

  it("a server killed (SIGKILL) during the outbox run: the others are still delivered once", async () => {
    sink.setDelay(40);
    const subjects = await queueMails("killed", 50);
    await until(
      async () => sink.received.filter((mail) => mail.subject.startsWith("killed ")).length >= 8,
      20_000,
      "the run to start",
    );
    await a.kill();
    await until(
      async () => (await pendingOf("killed")) === 0,
      40_000,
      "server B to send the rest, including what A had taken",
    );
    const counts = subjects.map(deliveries);
    expect(counts.every((n) => n >= 1)).toBe(true);
    // SMTP is at-least-once: the one message A may have been sending when it died can arrive twice; no other.
    expect(counts.filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(51);
    sink.setDelay(0);
  });

  it("SIGTERM: the server finishes the request in flight, stops taking connections and exits cleanly", async () => {
    // A request whose body is still arriving when the signal comes.
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"lines": [{"itemId": "none", '));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode('"quantity": 1}]}'));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${b.url}/api/orders/quote`, {
      method: "POST",
      headers: { origin: publicUrl, "content-type": "application/json", "x-forwarded-for": "10.50.0.1" },
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = b.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    sendRest();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((await answer.json()).lines[0]).toMatchObject({ itemId: "none", available: false });
    expect(await exited).toBe(0);

    a = await startAppServer("server-a-again", basePort, env);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  });
});
