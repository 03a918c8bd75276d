import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesFor } from "../../messages/messages.server.ts";
import { boundsProblem, MAX_QUOTE_TOTAL_CENTS, storedMeasure } from "../../domain/quote-bounds.ts";
import { api } from "../../server/api/index.ts";
import { localFileStore, setQuoteFileStore } from "../../server/quotes/file-store.ts";
import { QUOTE_BROWSER_COOKIE } from "../../server/quotes/owner.ts";
import type { QuoteView } from "../../server/quotes/quotes.ts";
import { resetSlicerAvailability } from "../../server/quotes/slicer.ts";
import { binaryStl, cube } from "../support/mesh-fixtures.ts";
import { call, fromAddress, ORIGIN, signUpUser } from "../support/api.ts";

beforeAll(async () => {
  setQuoteFileStore(localFileStore(await mkdtemp(path.join(tmpdir(), "quote-bounds-"))));
  // The answer at upload is what this file checks; the slicer's own bounds are checked by boundsProblem.
  process.env.QUOTE_SLICER = "off";
  resetSlicerAvailability();
});
afterAll(() => {
  delete process.env.QUOTE_SLICER;
  resetSlicerAvailability();
});

let ip = 1;
async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "part.stl"));
  const response = await api.request(
    `${ORIGIN}/api/quotes`,
    { method: "POST", headers: { origin: ORIGIN }, body: form },
    fromAddress(`192.0.2.${ip++}`),
  );
  const cookie =
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(QUOTE_BROWSER_COOKIE))
      ?.split(";")[0] ?? "";
  return { status: response.status, cookie, body: (await response.json()) as QuoteView };
}

describe("numbers have bounds before they reach a column (issue 20, findings 2 and 3)", () => {
  it.each([
    ["a 1,300 mm cube", 1_300],
    ["a 10,000 km cube", 1e10],
  ])("%s is a failed quote, too big for our printers, that its owner can still read", async (_, side) => {
    const { status, cookie, body } = await upload(binaryStl(cube(side)));
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "failed", failure: "too-big" });
    expect(body.file.sizeMm[0]).toBeCloseTo(side, -2);
    expect(Number.isSafeInteger(body.file.volumeMm3)).toBe(true);
    const again = await call(`/api/quotes/${body.id}`, { cookie });
    expect(again.status).toBe(200);
    expect(((await again.json()) as QuoteView).failure).toBe("too-big");
  });

  it("keeps a 1,300 mm cube's volume as measured (over 2³¹ mm³)", async () => {
    const { body } = await upload(binaryStl(cube(1_300)));
    expect(body.file.volumeMm3).toBe(1_300 ** 3);
  });

  it("scale 1000 on a 20 mm cube is too big for our printers, not an overflowing estimate", async () => {
    const { cookie, body } = await upload(binaryStl(cube(20)));
    const response = await call(`/api/quotes/${body.id}/options`, {
      method: "PUT",
      body: { ...body.options, scale: 1000 },
      cookie,
    });
    expect(response.status).toBe(200);
    const scaled = (await response.json()) as QuoteView;
    expect(scaled).toMatchObject({ status: "failed", failure: "too-big", scale: 1000 });
    expect(scaled.estimate).toBeNull();
    // Back to millimetres: the same quote is priced again.
    const back = (await (
      await call(`/api/quotes/${body.id}/options`, { method: "PUT", body: { ...body.options, scale: 1 }, cookie })
    ).json()) as QuoteView;
    expect(back.estimate!.totalCents).toBeGreaterThan(0);
  });

  it("the studio's price for many parts stays within what the site takes for one quote", async () => {
    const admin = await signUpUser("admin");
    const buyer = await signUpUser();
    const form = new FormData();
    form.append("file", new File([binaryStl(cube(20)) as Uint8Array<ArrayBuffer>], "part.stl"));
    const uploaded = (await (
      await api.request(
        `${ORIGIN}/api/quotes`,
        { method: "POST", headers: { origin: ORIGIN, cookie: buyer.cookie }, body: form },
        fromAddress("192.0.2.250"),
      )
    ).json()) as QuoteView;
    await call(`/api/quotes/${uploaded.id}/options`, {
      method: "PUT",
      body: { ...uploaded.options, quantity: 500 },
      cookie: buyer.cookie,
    });
    expect(
      (
        await call(`/api/quotes/${uploaded.id}/review`, {
          method: "POST",
          body: { note: "Many" },
          cookie: buyer.cookie,
        })
      ).status,
    ).toBe(200);

    const refused = await call(`/api/admin/quotes/${uploaded.id}/price`, {
      body: { unitCents: 10_000_000 },
      cookie: admin.cookie,
      headers: { "accept-language": "fr" },
    });
    expect(refused.status).toBe(400);
    const error = ((await refused.json()) as { error: { message: string; reason: string } }).error;
    expect(error.reason).toBe("quote.price_over_limit");
    expect(error.message).toContain("100");
    expect(
      (await call(`/api/admin/quotes/${uploaded.id}/price`, { body: { unitCents: 4_500 }, cookie: admin.cookie }))
        .status,
    ).toBe(200);
  });

  it("words every reason a quote fails in both languages", () => {
    for (const code of ["too-big", "over-limit"]) {
      expect(messagesFor("en").quote.failures[code]).toBeTruthy();
      expect(messagesFor("fr").quote.failures[code]).toBeTruthy();
    }
  });

  it("bounds the slicer's figures and the price where they enter", () => {
    expect(boundsProblem({ grams: 50, seconds: 3_600 }, 5_000)).toBeNull();
    expect(boundsProblem({ grams: 1e9, seconds: 3_600 })).toBe("too-big");
    expect(boundsProblem({ grams: 50, seconds: 2 ** 31 })).toBe("too-big");
    expect(boundsProblem({ grams: Number.NaN, seconds: 1 })).toBe("too-big");
    expect(boundsProblem({ grams: 50, seconds: 3_600 }, MAX_QUOTE_TOTAL_CENTS + 1)).toBe("over-limit");
    expect(storedMeasure(1e30)).toBe(Number.MAX_SAFE_INTEGER);
    expect(storedMeasure(Number.POSITIVE_INFINITY)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
