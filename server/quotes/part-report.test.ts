import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/index.ts";
import { binaryStl, box, openBox, tBeam } from "../../tests/support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser, type TestUser } from "../../tests/support/api.ts";
import { runPartReportJobs, runSliceJobs } from "../../tests/support/production.ts";
import type { AdminQuote } from "./review-and-production.ts";
import { localFileStore, setQuoteFileStore } from "./file-store.ts";
import { QUOTE_BROWSER_COOKIE } from "./owner.ts";
import type { QuoteView } from "./quotes.ts";

let admin: TestUser;
beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-files-"))));
  admin = await signUpUser("admin");
});

async function upload(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await api.request(
    `${ORIGIN}/api/quotes`,
    { method: "POST", headers: { origin: ORIGIN }, body: form },
    fromAddress("192.0.2.201"),
  );
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))!
    .split(";")[0]!;
  return { quote: (await response.json()) as QuoteView, cookie };
}

const quoteOf = async (id: string, cookie: string) =>
  (await (await call(`/api/quotes/${id}`, { cookie })).json()) as QuoteView;

describe("the printability report of a custom print", () => {
  it("follows the slice: a 0.3 mm plate is priced, then the buyer reads that its walls are thin", async () => {
    const { quote, cookie } = await upload(binaryStl(box(40, 40, 0.3)), "plate.stl");
    expect(quote.printability).toBeNull();
    await runSliceJobs();
    await runPartReportJobs();
    const reported = await quoteOf(quote.id, cookie);
    expect(reported.status).toBe("priced");
    expect(reported.printability).toMatchObject({
      thinWalls: { faces: 4, thinnestMm: 0.3 },
      overhangs: { faces: 0 },
      openEdges: { faces: 0 },
      fitsBed: true,
    });
  });

  it("is made at once for a part that cannot be sliced, and reaches the owner with its request for review", async () => {
    const open = await upload(binaryStl(openBox(25)), "open.stl");
    expect(open.quote.failure).toBe("not-manifold");
    await runPartReportJobs();
    expect((await quoteOf(open.quote.id, open.cookie)).printability?.openEdges.faces).toBeGreaterThan(0);
    await call(`/api/quotes/${open.quote.id}/review`, {
      method: "POST",
      body: { email: "buyer@example.test" },
      cookie: open.cookie,
    });
    const reviews = (await (await call("/api/admin/quotes/reviews", { cookie: admin.cookie })).json()) as {
      quotes: AdminQuote[];
    };
    expect(reviews.quotes.find((q) => q.id === open.quote.id)?.printability?.openEdges.faces).toBeGreaterThan(0);
  });

  it("is made again at a new scale: the plate scaled ×10 is 3 mm thick and no longer thin", async () => {
    const { quote, cookie } = await upload(binaryStl(box(10, 10, 0.3)), "small-plate.stl");
    await runSliceJobs();
    await runPartReportJobs();
    expect((await quoteOf(quote.id, cookie)).printability?.thinWalls.faces).toBe(4);
    const scaled = await call(`/api/quotes/${quote.id}/options`, {
      method: "PUT",
      body: { ...quote.options, scale: 10 },
      cookie,
    });
    expect(scaled.status).toBe(200);
    expect(((await scaled.json()) as QuoteView).printability).toBeNull();
    await runSliceJobs();
    await runPartReportJobs();
    expect((await quoteOf(quote.id, cookie)).printability).toMatchObject({ thinWalls: { faces: 0 }, fitsBed: true });
  });

  it("describes the part as it is printed: a T on its stem needs support as drawn, none turned over", async () => {
    const { quote, cookie } = await upload(binaryStl(tBeam()), "tee.stl");
    await runSliceJobs();
    await runPartReportJobs();
    // The server turns it over (the cap on the bed): nothing hangs.
    expect((await quoteOf(quote.id, cookie)).printability?.overhangs.faces).toBe(0);
    const asDrawn = await call(`/api/quotes/${quote.id}/options`, {
      method: "PUT",
      body: { ...quote.options, scale: 1, orientation: "as-file" },
      cookie,
    });
    expect(asDrawn.status).toBe(200);
    await runSliceJobs();
    await runPartReportJobs();
    // As drawn, the cap's underside on each side of the stem hangs: 2 × 15 mm × 40 mm.
    expect((await quoteOf(quote.id, cookie)).printability?.overhangs).toEqual({ faces: 4, areaMm2: 1200 });
  });
});
