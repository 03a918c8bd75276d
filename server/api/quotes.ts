import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { messagesFor } from "../../messages/messages.server.ts";
import { isLocale, type Locale } from "../../domain/locale.ts";
import { DomainError } from "../errors.ts";
import { ApiError, refusal } from "../http/errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { multipartForm } from "../http/input-guard.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { fileRefused } from "../quotes/file-checks.ts";
import { fileTooLarge } from "../quotes/upload.ts";
import { newBrowserId, quoteOwner, hashBrowserId, type QuoteOwner } from "../quotes/owner.ts";
import {
  currentTerms,
  getQuote,
  listQuotes,
  QUOTE_MAX_BYTES,
  quoteFileFor,
  printedFileFor,
  quoteThumbnailFor,
  requestReview,
  updateQuoteOptions,
  uploadQuoteFile,
  getQuoteOncePriced,
} from "../quotes/quotes.ts";

/** Custom-print quotes: upload, read, change options, ask for a review, download. */
export const quotesApi = new Hono();

const uploads = createRateLimiter({ max: 30, windowMs: 10 * 60_000 });
const writes = createRateLimiter({ max: 120, windowMs: 60_000 });

function localeOf(value: unknown): Locale {
  return isLocale(value) ? value : "en";
}

quotesApi.get("/quotes/terms", async (c) => {
  const { version, terms } = await currentTerms();
  return c.json({ version, terms, maxBytes: QUOTE_MAX_BYTES });
});

quotesApi.post(
  "/quotes",
  async (c, next) => {
    await uploads.consume(clientAddress(c), "quote-upload");
    await next();
  },
  // Multipart overhead on top of the file itself; the stream is cut as soon as it passes.
  bodyLimit({
    maxSize: QUOTE_MAX_BYTES + 64 * 1024,
    // A refused file is answered in the language the page names (?locale=), not Accept-Language.
    onError: (c) => refusal(c, fileTooLarge(), localeOf(c.req.query("locale"))),
  }),
  async (c) => {
    const locale = localeOf(c.req.query("locale"));
    const form = await multipartForm(c).catch(() => {
      throw new ApiError(400, messagesFor(locale).quote.uploadFailed);
    });
    const file = form.get("file");
    if (!(file instanceof File)) return refusal(c, fileRefused("unknown-format", "No file in the form."), locale);
    const owner = await quoteOwner(c.req.raw.headers);
    // A visitor without a browser id gets one with its first accepted file.
    const fresh = !owner.user && !owner.browserHash ? newBrowserId() : null;
    const browserHash = fresh ? hashBrowserId(fresh.browserId) : owner.browserHash;
    try {
      const view = await uploadQuoteFile(
        new Uint8Array(await file.arrayBuffer()),
        file.name,
        { userId: owner.user?.id ?? null, browserHash },
        locale,
      );
      if (fresh) c.header("Set-Cookie", fresh.setCookie, { append: true });
      return c.json(view, 201);
    } catch (error) {
      if (error instanceof DomainError && error.code === "quote.file_invalid") return refusal(c, error, locale);
      throw error;
    }
  },
);

async function owner(c: Context): Promise<QuoteOwner> {
  return quoteOwner(c.req.raw.headers);
}

quotesApi.get("/quotes", async (c) => c.json({ quotes: await listQuotes(await owner(c)) }));

// `?wait=price`: answered once the exact price (or its reason for none) is known, or after
// PRICE_WAIT_MS; the buyer's page sees the price the moment the slice is recorded, without polling.
quotesApi.get("/quotes/:id", async (c) => {
  const wait = c.req.query("wait");
  if (wait !== undefined && wait !== "price") throw new ApiError(400, "wait may only be price.");
  const id = c.req.param("id");
  return c.json(
    wait ? await getQuoteOncePriced(id, await owner(c), c.req.raw.signal) : await getQuote(id, await owner(c)),
  );
});

quotesApi.put("/quotes/:id/options", async (c) => {
  await writes.consume(clientAddress(c), "quote-options");
  return c.json(await updateQuoteOptions(c.req.param("id"), await owner(c), await c.req.json()));
});

quotesApi.post("/quotes/:id/review", async (c) => {
  await writes.consume(clientAddress(c), "quote-review");
  return c.json(await requestReview(c.req.param("id"), await owner(c), await c.req.json()));
});

/** A private file, downloaded under its name (an ASCII fallback for old browsers). */
function download(c: Context, file: { body: Uint8Array; name: string }): Response {
  const ascii = file.name.replace(/[^\w.-]/g, "_");
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "application/octet-stream",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}

quotesApi.get("/quotes/:id/file", async (c) => download(c, await quoteFileFor(c.req.param("id"), await owner(c))));

quotesApi.get("/quotes/:id/printed.stl", async (c) =>
  download(c, await printedFileFor(c.req.param("id"), await owner(c))),
);

quotesApi.get("/quotes/:id/thumbnail.svg", async (c) => {
  const svg = await quoteThumbnailFor(c.req.param("id"), await owner(c));
  return c.body(svg as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "image/svg+xml",
    "Cache-Control": "private, max-age=3600",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
});
