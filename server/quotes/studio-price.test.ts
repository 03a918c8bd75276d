import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailStudioNotices } from "../mail/studio-notices.ts";
import { api } from "../api/index.ts";
import { addQuote } from "../cart/cart.ts";
import { getDb, tables } from "../db/index.ts";
import { placeOrderFromCart } from "../orders/place-from-cart.ts";
import { binaryStl, cube, openBox } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { pricedQuote, runSliceJobs, SLICING_TEST_TIMEOUT_MS } from "../../tests/support/production.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import type { QuoteView } from "./quotes.ts";

/** Issue 34, P5: a price the studio set after review stands while the buyer's options are unchanged. */

beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
});

type Answer = QuoteView & { error?: { code: string; message: string } };

let ip = 1;
async function uploadAs(buyer: TestUser, side: number): Promise<QuoteView> {
  const form = new FormData();
  form.append("file", new File([binaryStl(cube(side)) as Uint8Array<ArrayBuffer>], "lamp.stl"));
  const response = await api.request(
    `${ORIGIN}/api/quotes`,
    { method: "POST", headers: new Headers({ origin: ORIGIN, cookie: buyer.cookie }), body: form },
    fromAddress(`192.0.2.${ip++}`),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as QuoteView;
}

async function studioPriced(unitCents: number) {
  const admin = await signUpUser("admin");
  const buyer = await signUpUser();
  await (await getDb()).update(tables.user).set({ emailVerified: true }).where(eq(tables.user.id, buyer.id));
  const uploaded = await uploadAs(buyer, 23);
  await runSliceJobs();
  const asked = await call(`/api/quotes/${uploaded.id}/review`, {
    method: "POST",
    body: { note: "Please check the walls" },
    cookie: buyer.cookie,
  });
  expect(asked.status).toBe(200);
  const priced = await call(`/api/admin/quotes/${uploaded.id}/price`, {
    method: "POST",
    body: { unitCents },
    cookie: admin.cookie,
  });
  expect(priced.status).toBe(200);
  const quote = (await (await call(`/api/quotes/${uploaded.id}`, { cookie: buyer.cookie })).json()) as QuoteView;
  return { buyer, quote };
}

const putOptions = async (buyer: TestUser, quote: QuoteView, change: object = {}, locale = "en") => {
  const response = await call(`/api/quotes/${quote.id}/options`, {
    method: "PUT",
    body: { ...quote.options, scale: 1, ...change },
    cookie: buyer.cookie,
    headers: { "accept-language": locale },
  });
  return { status: response.status, body: (await response.json()) as Answer };
};

/** The studio's notices about this buyer's parts (each names the buyer's address). */
async function studioMailsAbout(buyerEmail: string) {
  // The studio's e-mails are queued from its event rows, just after the causing transaction.
  await mailStudioNotices();
  const db = await getDb();
  return db
    .select()
    .from(tables.outbox)
    .where(like(tables.outbox.text, `%${buyerEmail}%`));
}

describe("a studio's price stands (P5)", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("keeps $50.00 when the buyer sends the same options again, and the order is placed at $50.00", async () => {
    const { buyer, quote } = await studioPriced(5000);
    expect(quote).toMatchObject({ status: "priced", exact: { unitCents: 5000, totalCents: 5000 } });

    const same = await putOptions(buyer, quote);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: "priced", exact: { unitCents: 5000, totalCents: 5000 } });
    await runSliceJobs();
    const later = (await (await call(`/api/quotes/${quote.id}`, { cookie: buyer.cookie })).json()) as QuoteView;
    expect(later).toMatchObject({ status: "priced", exact: { totalCents: 5000 } });

    const owner = { user: { id: buyer.id, email: buyer.email, role: "user" }, browserHash: null } as const;
    await addQuote({ userId: buyer.id }, owner as never, quote.id);
    const order = await placeOrderFromCart({ userId: buyer.id, locale: "en", delivery: { method: "pickup" } });
    const lines = await (await getDb()).select().from(tables.orderLines).where(eq(tables.orderLines.orderId, order.id));
    expect(lines.map((line) => line.unitPriceCents)).toEqual([5000]);
  });

  it("asks the studio again when the options really change, never re-pricing by itself", async () => {
    const { buyer, quote } = await studioPriced(5000);
    const asked = (await studioMailsAbout(buyer.email)).length;
    const changed = await putOptions(buyer, quote, { quantity: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: "needs_review", exact: null, options: { quantity: 3 } });
    await runSliceJobs();
    const later = (await (await call(`/api/quotes/${quote.id}`, { cookie: buyer.cookie })).json()) as QuoteView;
    expect(later.status).toBe("needs_review");
    expect((await studioMailsAbout(buyer.email)).length).toBe(asked + 1);
  });
});

describe("a quote the site cannot price tells the studio once (B5)", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("sends one needs-review notice on the way into failed, none for option changes while failed", async () => {
    const buyer = await signUpUser();
    const form = new FormData();
    form.append("file", new File([binaryStl(openBox()) as Uint8Array<ArrayBuffer>], "open.stl"));
    const uploaded = await api.request(
      `${ORIGIN}/api/quotes`,
      { method: "POST", headers: new Headers({ origin: ORIGIN, cookie: buyer.cookie }), body: form },
      fromAddress(`192.0.2.${ip++}`),
    );
    const quote = (await uploaded.json()) as QuoteView;
    expect(quote).toMatchObject({ status: "failed", failure: "not-manifold" });
    expect(await studioMailsAbout(buyer.email)).toHaveLength(1);
    for (const infillPercent of [40, 10, 40]) {
      const changed = await putOptions(buyer, quote, { infillPercent });
      expect(changed.body).toMatchObject({ status: "failed", failure: "not-manifold" });
    }
    expect(await studioMailsAbout(buyer.email)).toHaveLength(1);
  });
});

describe("the price-break table and a quantity change agree (B8)", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("charges for 10 parts what the table showed, after the studio raised its prices", async () => {
    const admin = await signUpUser("admin");
    const buyer = await signUpUser();
    // A part large enough that ordering 10 lowers its price per part (above the minimum).
    const priced = await pricedQuote({ userId: buyer.id }, { quantity: 1, grams: 300, printSeconds: 36_000 });
    const read = async () =>
      (await (await call(`/api/quotes/${priced.id}`, { cookie: buyer.cookie })).json()) as QuoteView;
    const shown = await read();
    const atTen = shown.priceBreaks!.rows.find((row) => row.quantity === 10)!;

    const { version, terms } = (await (await call("/api/admin/quotes/terms", { cookie: admin.cookie })).json()) as {
      version: number;
      terms: { machineCentsPerHour: number };
    };
    const raised = await call("/api/admin/quotes/terms", {
      method: "PUT",
      body: { ...terms, machineCentsPerHour: terms.machineCentsPerHour * 3, loadedVersion: version },
      cookie: admin.cookie,
    });
    expect(raised.status).toBe(200);
    expect((await read()).priceBreaks!.rows.find((row) => row.quantity === 10)).toEqual(atTen);

    const ten = await putOptions(buyer, shown, { quantity: 10 });
    expect(ten.body).toMatchObject({ status: "priced", exact: { totalCents: atTen.totalCents } });
    expect(ten.body.expiresAt).toBe(shown.expiresAt);
  });
});
