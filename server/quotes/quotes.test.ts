import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { getDb } from "../db/index.ts";
import { outbox, quoteFiles, quotes, sliceResults, studioEvents } from "../db/schema.ts";
import { meshStats, parseStl } from "../../domain/mesh.ts";
import { binaryStl, box, cube, openBox, png, tBeam, threeMf, zipBomb } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser } from "../../tests/support/api.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import { paidOrderOf, runSliceJobs, SLICING_TEST_TIMEOUT_MS } from "../../tests/support/production.ts";
import {
  adoptBrowserQuotes,
  cleanupAbandonedQuotes,
  quoteLineForCart,
  quotesForOrder,
  type QuoteView,
} from "./quotes.ts";
import { resetSlicerAvailability } from "./slicer.ts";

beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
});

afterEach(() => {
  delete process.env.QUOTE_SLICER;
  resetSlicerAvailability();
});

let ipCounter = 1;
async function upload(bytes: Uint8Array, name: string, options: { cookie?: string; locale?: string } = {}) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const headers = new Headers({ origin: ORIGIN });
  if (options.cookie) headers.set("cookie", options.cookie);
  const response = await api.request(
    `${ORIGIN}/api/quotes${options.locale ? `?locale=${options.locale}` : ""}`,
    { method: "POST", headers, body: form },
    fromAddress(`192.0.2.${ipCounter++}`),
  );
  const cookie =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))
      ?.split(";")[0] ?? options.cookie;
  return {
    response,
    cookie,
    body: (await response.json()) as QuoteView & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}

describe("custom print quotes over HTTP", { timeout: SLICING_TEST_TIMEOUT_MS }, () => {
  it("quotes an uploaded cube: an estimate at once, the slicer's exact price after the job", async () => {
    const { response, body, cookie } = await upload(binaryStl(cube(20)), "cube.stl");
    expect(response.status).toBe(201);
    expect(cookie).toMatch(new RegExp(`^${QUOTE_BROWSER_COOKIE}=[\\w-]{43}$`));
    expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax/);
    expect(body.status).toBe("estimating");
    expect(body.file).toMatchObject({
      name: "cube.stl",
      format: "stl",
      sizeMm: [20, 20, 20],
      volumeMm3: 8000,
      triangles: 12,
      manifold: true,
    });
    expect(body.estimate!.totalCents).toBeGreaterThanOrEqual(1000);
    expect(body.exact).toBeNull();
    expect(body.priceBreaks!.basis).toBe("estimate");
    expect(body.priceBreaks!.rows[0]).toMatchObject({ quantity: 1, totalCents: body.estimate!.totalCents });
    await runSliceJobs();
    const after = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(after.status).toBe("priced");
    expect(after.exact!.grams).toBeGreaterThan(3);
    expect(after.exact!.grams).toBeLessThan(6);
    expect(after.exact!.seconds).toBeGreaterThan(600);
    expect(after.exact!.totalCents).toBe(after.exact!.unitCents);
    expect(new Date(after.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it("answers a page waiting for the price (?wait=price) the moment the slice is recorded, and refuses any other wait", async () => {
    const { body, cookie } = await upload(binaryStl(cube(18)), "waiting.stl");
    expect(body.status).toBe("estimating");
    let answered = false;
    const waiting = call(`/api/quotes/${body.id}?wait=price`, { cookie }).then(async (response) => {
      answered = true;
      return { status: response.status, view: (await response.json()) as QuoteView };
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await runSliceJobs();
    const { status, view } = await waiting;
    expect(status).toBe(200);
    expect(view.status).toBe("priced");
    expect(view.exact!.totalCents).toBeGreaterThan(0);
    // Already priced: answered at once.
    expect(((await (await call(`/api/quotes/${body.id}?wait=price`, { cookie })).json()) as QuoteView).status).toBe(
      "priced",
    );
    const wrong = await call(`/api/quotes/${body.id}?wait=forever`, { cookie });
    expect(wrong.status).toBe(400);
    // Another browser waits on nothing: the quote is not found, as without waiting.
    expect((await call(`/api/quotes/${body.id}?wait=price`)).status).toBe(404);
  });

  it("tells the studio of a failed slice once, however often the buyer changes the quantity (issue 50, A.3)", async () => {
    const { body, cookie } = await upload(binaryStl(cube(31)), "cube.stl");
    await runSliceJobs();
    const db = await getDb();
    const [row] = await db.select().from(quotes).where(eq(quotes.id, body.id));
    // The slice for this file and options is known to fail (as when its file went missing).
    await db
      .update(sliceResults)
      .set({ status: "failed", failureCode: "slicer-failed" })
      .where(eq(sliceResults.key, row!.sliceKey!));
    const reviews = async () =>
      (await db.select().from(studioEvents).where(eq(studioEvents.quoteId, body.id))).filter(
        (event) => event.kind === "quote_review",
      );
    for (const quantity of [2, 3, 4]) {
      const changed = await call(`/api/quotes/${body.id}/options`, {
        method: "PUT",
        body: { ...body.options, scale: 1, quantity },
        cookie,
      });
      expect(((await changed.json()) as QuoteView).status).toBe("failed");
    }
    expect(await reviews()).toHaveLength(1);
  });

  it("re-quotes on new options and reuses a slice already made for the same file and options", async () => {
    // Big enough that each quantity tier takes its full discount above the studio's minimum.
    const { body, cookie } = await upload(binaryStl(cube(50)), "cube.stl");
    await runSliceJobs();
    const put = (options: object) =>
      call(`/api/quotes/${body.id}/options`, {
        method: "PUT",
        body: { ...body.options, scale: 1, ...options },
        cookie,
      });
    const ten = (await (await put({ quantity: 10 })).json()) as QuoteView;
    expect(ten.status).toBe("priced"); // same slice: priced at once, no new job
    expect(ten.exact!.discountPercent).toBe(10);
    expect(ten.exact!.totalCents).toBe(Math.round(ten.exact!.unitCents * 10 * 0.9));
    // The price-break table said so before the buyer typed 10, from the slicer's figures.
    const breaks = (await (await put({ quantity: 1 })).json()) as QuoteView;
    expect(breaks.priceBreaks!.basis).toBe("exact");
    expect(breaks.priceBreaks!.rows.map((row) => row.quantity)).toEqual([1, 5, 10, 50]);
    const [one, , atTen] = breaks.priceBreaks!.rows;
    expect(one!.totalCents).toBe(breaks.exact!.totalCents);
    expect(atTen!.totalCents).toBe(ten.exact!.totalCents);
    expect(atTen!.unitCents).toBeLessThan(one!.unitCents);
    const fine = (await (await put({ qualityId: "fine", quantity: 1 })).json()) as QuoteView;
    expect(fine.status).toBe("estimating");
    const bad = await put({ infillPercent: 33 });
    expect(bad.status).toBe(400);
  });

  it("prices a part lying badly in its best orientation, and in the file's own (on supports) when the buyer keeps it", async () => {
    // Big enough to be priced above the studio's minimum in either orientation.
    const { body, cookie } = await upload(
      binaryStl(tBeam({ cap: 80, capThickness: 6, stem: 16, stemHeight: 30, depth: 60 })),
      "t-beam.stl",
    );
    // Standing on its stem, the cap overhangs: the server turns it over onto the cap.
    expect(body.orientation).toMatchObject({ choice: "best", offered: true, supportAreaMm2: 0 });
    expect(body.orientation.placement!.rotation).not.toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    await runSliceJobs();
    const best = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(best.status).toBe("priced");
    // The part as priced, for the studio to print: turned onto its cap, which rests on the bed.
    const printed = await call(`/api/quotes/${body.id}/printed.stl`, { cookie });
    expect(printed.status).toBe(200);
    expect(printed.headers.get("content-disposition")).toContain('filename="t-beam-as-priced.stl"');
    const turned = parseStl(new Uint8Array(await printed.arrayBuffer()));
    expect(meshStats(turned)).toMatchObject({ size: [80, 60, 36], min: [0, 0, 0], triangles: 28 });
    let onTheBed = 0;
    for (let t = 0; t < turned.length; t += 9)
      if (turned[t + 2] === 0 && turned[t + 5] === 0 && turned[t + 8] === 0) onTheBed++;
    expect(onTheBed).toBe(2); // the cap's top, two triangles
    const put = (options: object) =>
      call(`/api/quotes/${body.id}/options`, {
        method: "PUT",
        body: { ...body.options, scale: 1, ...options },
        cookie,
      });
    const asFile = (await (await put({ orientation: "as-file" })).json()) as QuoteView;
    expect(asFile.status).toBe("estimating");
    expect(asFile.orientation).toMatchObject({
      choice: "as-file",
      supportAreaMm2: 2 * 32 * 60,
      placement: { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
    });
    expect((await call(`/api/quotes/${body.id}/printed.stl`, { cookie })).status).toBe(404); // printed as the file lies
    await runSliceJobs();
    const supported = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(supported.status).toBe("priced");
    console.log(
      `T beam: best ${best.exact!.grams} g, ${best.exact!.totalCents} ¢; as in the file (on supports) ${supported.exact!.grams} g, ${supported.exact!.totalCents} ¢`,
    );
    expect(supported.exact!.grams!).toBeGreaterThan(best.exact!.grams! * 1.1);
    expect(supported.exact!.totalCents).toBeGreaterThan(best.exact!.totalCents);
    // Other options keep the choice; going back to best reuses its slice.
    const ten = (await (await put({ quantity: 10 })).json()) as QuoteView;
    expect(ten.orientation.choice).toBe("as-file");
    const again = (await (await put({ orientation: "best", quantity: 1 })).json()) as QuoteView;
    expect(again.status).toBe("priced");
    expect(again.exact!.totalCents).toBe(best.exact!.totalCents);
    const bad = await put({ orientation: "sideways" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "The orientation must be one of: best, as-file.",
    );
  });

  it("keeps a quote's terms when the studio changes its prices", async () => {
    const { body, cookie } = await upload(binaryStl(cube(20)), "cube.stl");
    await runSliceJobs();
    const before = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    const admin = await signUpUser("admin");
    const { version, terms } = (await (await call("/api/quotes/terms")).json()) as {
      version: number;
      terms: Record<string, unknown>;
    };
    const saved = await call("/api/admin/quotes/terms", {
      method: "PUT",
      body: { ...terms, setupCentsPerPart: 5000, loadedVersion: version },
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(200);
    const after = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(after.exact).toEqual(before.exact);
    const fresh = await upload(binaryStl(cube(20)), "cube.stl");
    expect(fresh.body.termsVersion).toBeGreaterThan(before.termsVersion);
    expect(fresh.body.estimate!.unitCents).toBeGreaterThan(before.estimate!.unitCents + 4000);
  });

  it("refuses files by content, with the reason in the buyer's language", async () => {
    const renamed = await upload(png(), "part.stl");
    expect(renamed.response.status).toBe(400);
    expect(renamed.body.error).toEqual({
      code: "invalid-argument",
      message: "This file is not an STL, OBJ, 3MF or STEP model.",
      fields: { file: "unknown-format" },
      reason: "quote.file_invalid",
    });
    const bomb = await upload(zipBomb(), "part.3mf", { locale: "fr" });
    expect(bomb.response.status).toBe(400);
    expect(bomb.body.error!.message).toBe(
      "Ce fichier 3MF a été refusé par sécurité (son contenu est trop volumineux ou inhabituel).",
    );
    expect(renamed.response.headers.getSetCookie()).toEqual([]);
  });

  it("accepts a 3MF, and says why a non-manifold or too-big part cannot be priced automatically", async () => {
    expect((await upload(threeMf(cube(20)), "part.3mf")).body.file.format).toBe("3mf");
    const open = await upload(binaryStl(openBox()), "open.stl");
    expect(open.body).toMatchObject({ status: "failed", failure: "not-manifold" });
    // Which way up it prints changes nothing about a part that cannot be priced automatically.
    expect(open.body.orientation.offered).toBe(false);
    const big = await upload(binaryStl(cube(300)), "big.stl");
    expect(big.body).toMatchObject({ status: "failed", failure: "too-big" });
    // No printer holds it: no estimate and no price breaks, nothing it could be bought at.
    expect(big.body.estimate).toBeNull();
    expect(big.body.priceBreaks).toBeNull();
  });

  it("says when the studio's minimum per part sets the price, and offers no break off it", async () => {
    // The studio's starting terms: $5 setup, $10 minimum a part (another test raises the setup).
    const admin = await signUpUser("admin");
    const { version, terms } = (await (await call("/api/quotes/terms")).json()) as {
      version: number;
      terms: Record<string, unknown>;
    };
    const saved = await call("/api/admin/quotes/terms", {
      method: "PUT",
      body: { ...terms, setupCentsPerPart: 500, minimumCentsPerPart: 1000, loadedVersion: version },
      cookie: admin.cookie,
    });
    expect(saved.status).toBe(200);
    const small = await upload(binaryStl(cube(20)), "small.stl");
    expect(small.body.minimumCentsPerPart).toBe(1000);
    expect(small.body.estimate).toMatchObject({ unitCents: 1000, minimumApplies: true });
    expect(small.body.priceBreaks!.rows.map((row) => row.quantity)).toEqual([1]);
    const large = await upload(binaryStl(cube(60)), "large.stl");
    expect(large.body.estimate!.minimumApplies).toBe(false);
    expect(large.body.priceBreaks!.rows.length).toBeGreaterThan(1);
  });

  it("suggests ×25.4 for a part drawn in inches and prices it at that scale", async () => {
    const { body, cookie } = await upload(binaryStl(box(2, 1, 0.5)), "bracket.stl");
    expect(body.scaleSuggestion).toEqual({ factor: 25.4, reason: "inches" });
    const scaled = (await (
      await call(`/api/quotes/${body.id}/options`, { method: "PUT", body: { ...body.options, scale: 25.4 }, cookie })
    ).json()) as QuoteView;
    expect(scaled.scale).toBe(25.4);
    expect(scaled.scaleSuggestion).toBeNull();
    expect(scaled.estimate!.grams).toBeGreaterThan(body.estimate!.grams * 100);
  });

  it("still quotes without the slicer: an estimate, and the review path", async () => {
    process.env.QUOTE_SLICER = "off";
    resetSlicerAvailability();
    const { body, cookie } = await upload(binaryStl(cube(20)), "cube.stl");
    expect(body).toMatchObject({ status: "failed", failure: "slicer-missing" });
    expect(body.estimate!.totalCents).toBeGreaterThan(0);
    const noEmail = await call(`/api/quotes/${body.id}/review`, { method: "POST", body: { note: "please" }, cookie });
    expect(noEmail.status).toBe(400);
    const asked = await call(`/api/quotes/${body.id}/review`, {
      method: "POST",
      body: { note: "Matte finish please", email: "buyer@example.test" },
      cookie,
    });
    expect(((await asked.json()) as QuoteView).status).toBe("needs_review");
  });

  it("lets nobody else read a quote or download its file", async () => {
    const { body, cookie } = await upload(binaryStl(cube(20)), "secret-part.stl");
    const stranger = await upload(binaryStl(cube(10)), "mine.stl");
    expect((await call(`/api/quotes/${body.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/quotes/${body.id}/file`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/quotes/${body.id}/file`)).status).toBe(404);
    expect((await call(`/api/quotes/${body.id}/thumbnail.svg`, { cookie: stranger.cookie })).status).toBe(404);
    const forged = `${QUOTE_BROWSER_COOKIE}=${"A".repeat(43)}`;
    expect((await call(`/api/quotes/${body.id}`, { cookie: forged })).status).toBe(404);
    const list = (await (await call("/api/quotes", { cookie: stranger.cookie })).json()) as { quotes: QuoteView[] };
    expect(list.quotes.map((q) => q.file.name)).toEqual(["mine.stl"]);
    const own = await call(`/api/quotes/${body.id}/file`, { cookie });
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array(binaryStl(cube(20))));
    const admin = await signUpUser("admin");
    expect((await call(`/api/quotes/${body.id}/file`, { cookie: admin.cookie })).status).toBe(200);
    const thumbnail = await call(`/api/quotes/${body.id}/thumbnail.svg`, { cookie });
    expect(thumbnail.headers.get("content-type")).toBe("image/svg+xml");
    expect(await thumbnail.text()).toMatch(/^<svg[^>]*>(<path [^>]+\/>)+<\/svg>$/);
  });

  it("moves a browser's quotes to the account at log-in", async () => {
    const { body, cookie } = await upload(binaryStl(cube(20)), "cube.stl");
    const user = await signUpUser("user");
    const browserId = cookie!.split("=")[1]!;
    expect(await adoptBrowserQuotes(browserId, user.id)).toBe(1);
    expect((await call(`/api/quotes/${body.id}`, { cookie: user.cookie })).status).toBe(200);
    expect((await call(`/api/quotes/${body.id}`, { cookie })).status).toBe(404);
  });

  it("at log-in leaves a part that is in an order with that order's buyer (issue 49)", async () => {
    const { body: ordered, cookie } = await upload(binaryStl(cube(23)), "theirs.stl");
    const { body: open } = await upload(binaryStl(cube(24)), "mine.stl", { cookie });
    // Ana's guest order holds the first part (what placing an order does to its quotes).
    const db = await getDb();
    await db.update(quotes).set({ orderId: "FF-ANA", status: "ordered" }).where(eq(quotes.id, ordered.id));
    const bob = await signUpUser("user");
    expect(await adoptBrowserQuotes(cookie!.split("=")[1]!, bob.id)).toBe(1);
    expect((await call(`/api/quotes/${open.id}`, { cookie: bob.cookie })).status).toBe(200);
    expect((await call(`/api/quotes/${ordered.id}/file`, { cookie: bob.cookie })).status).toBe(404);
    const [kept] = await db.select().from(quotes).where(eq(quotes.id, ordered.id));
    expect(kept!.userId).toBeNull();
  });

  it("gives the cart a priced line, refuses an unpriced or expired one, and queues paid parts", async () => {
    const { body, cookie } = await upload(binaryStl(cube(21)), "cube.stl");
    const browserHash = (await getDb()).select().from(quotes).where(eq(quotes.id, body.id));
    const owner = { user: null, browserHash: (await browserHash)[0]!.browserHash };
    expect(await quoteLineForCart(body.id, owner)).toEqual({ ok: false, error: "not-priced" });
    await runSliceJobs();
    const line = await quoteLineForCart(body.id, owner);
    expect(line.ok && line.line).toMatchObject({
      name: "cube.stl",
      thumbnailUrl: `/api/quotes/${body.id}/thumbnail.svg`,
      material: { en: "PLA" },
      quantity: 1,
    });
    expect(await quoteLineForCart(body.id, { user: null, browserHash: "someone-else" })).toEqual({
      ok: false,
      error: "not-found",
    });
    const db = await getDb();
    await db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, body.id));
    expect(await quoteLineForCart(body.id, owner)).toEqual({ ok: false, error: "expired" });
    await db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(quotes.id, body.id));
    const orderId = await paidOrderOf([body.id]);
    const paid = (await (await call(`/api/quotes/${body.id}`, { cookie })).json()) as QuoteView;
    expect(paid).toMatchObject({ status: "ordered", productionStatus: "queued" });
    expect(await quotesForOrder(orderId)).toEqual([
      { quoteId: body.id, name: "cube.stl", quantity: 1, productionStatus: "queued" },
    ]);
  });

  it("deletes quotes and files abandoned for 30 days, keeping ordered ones", async () => {
    const old = await upload(binaryStl(cube(20)), "old.stl");
    const ordered = await upload(binaryStl(cube(20)), "ordered.stl");
    await runSliceJobs();
    await paidOrderOf([ordered.body.id]);
    const db = await getDb();
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    for (const id of [old.body.id, ordered.body.id])
      await db.update(quotes).set({ updatedAt: longAgo }).where(eq(quotes.id, id));
    await db.update(quoteFiles).set({ createdAt: longAgo });
    await cleanupAbandonedQuotes();
    expect((await call(`/api/quotes/${old.body.id}`, { cookie: old.cookie })).status).toBe(404);
    expect((await call(`/api/quotes/${ordered.body.id}/file`, { cookie: ordered.cookie })).status).toBe(200);
    void outbox;
  });

  it("refuses a body over QUOTE_MAX_BYTES before reading it, and limits uploads per address", async () => {
    const headers = new Headers({
      origin: ORIGIN,
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(60 * 1024 * 1024),
    });
    const huge = await api.request(
      `${ORIGIN}/api/quotes`,
      { method: "POST", headers, body: "--x--" },
      fromAddress("198.18.0.1"),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toBe(
      "The file is too large (over 50 MB).",
    );
    const fromOneAddress = async () => {
      const form = new FormData();
      form.append("file", new File([png() as Uint8Array<ArrayBuffer>], "x.stl"));
      return api.request(
        `${ORIGIN}/api/quotes`,
        { method: "POST", headers: new Headers({ origin: ORIGIN }), body: form },
        fromAddress("198.18.0.2"),
      );
    };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await fromOneAddress()).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Thirty-one whole uploads, each read and refused by the check: 6 s on a quiet machine, 19 s on a busy one.
  }, 60_000);
});
