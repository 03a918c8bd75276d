import type { Context, MiddlewareHandler } from "hono";
import { messagesFor } from "../../messages/messages.server.ts";
import { localeFromPath, type Locale } from "../../domain/locale.ts";
import { MAX_UPLOAD_BYTES } from "../media/images.ts";
import { QUOTE_MAX_BYTES } from "../quotes/limits.ts";
import { errorBody } from "./errors.ts";

/**
 * The one place where a request's text is checked before any handler sees it, for pages and the
 * API alike, so that a client's mistake is a clear 400 or 413 instead of a database error (a NUL
 * character or a lone surrogate cannot be stored in PostgreSQL text) or a crash deep inside:
 * - the address: malformed percent-encoding, NUL or lone surrogates in the path or query;
 * - Origin and Referer that are not URLs;
 * - the body: over its size limit (413), a multipart body without a boundary or that does not
 *   parse, NUL or lone surrogates in any JSON string or key or form field;
 * - cookies: a malformed one is dropped, as if it had not been sent.
 */

/** Bodies of JSON endpoints and page forms. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * File uploads have their own limit (pictures MEDIA_MAX_BYTES, 3D files QUOTE_MAX_BYTES), plus
 * room for the multipart framing.
 */
const UPLOAD_LIMITS = new Map([
  ["/api/admin/media", () => MAX_UPLOAD_BYTES],
  ["/api/quotes", () => QUOTE_MAX_BYTES],
]);
/** A store item's 3D model (decision 056): the same limit as a quote's file. */
const ITEM_MODEL_UPLOAD = /^\/api\/admin\/items\/[^/]+\/model$/;
/** The admin's page forms that carry a picture (the logo, About, Services, the home page): a photo's size. */
const ADMIN_PAGE = /^(\/fr)?\/admin(\/|$)/;

function uploadLimit(pathname: string, contentType: string): number | undefined {
  const fixed = UPLOAD_LIMITS.get(pathname)?.() ?? (ITEM_MODEL_UPLOAD.test(pathname) ? QUOTE_MAX_BYTES : undefined);
  if (fixed !== undefined) return fixed;
  return ADMIN_PAGE.test(pathname) && contentType.toLowerCase().startsWith("multipart/form-data")
    ? MAX_UPLOAD_BYTES
    : undefined;
}
const FRAMING_BYTES = 64 * 1024;

class Refused extends Error {
  readonly status: 400 | 413;
  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

/** Text PostgreSQL cannot store, or that no honest client sends. */
export function isBadText(text: string): boolean {
  return text.includes("\u0000") || !text.isWellFormed();
}

function checkText(text: string): void {
  if (isBadText(text)) throw new Refused(400, "badCharacters");
}

function checkAddress(url: URL): void {
  try {
    for (const segment of url.pathname.split("/")) checkText(decodeURIComponent(segment));
    checkText(decodeURIComponent(url.search.replace(/\+/g, " ")));
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused(400, "malformed");
  }
}

function checkUrlHeader(value: string | undefined): void {
  if (value === undefined || value === "null") return;
  checkText(value);
  if (!URL.canParse(value)) throw new Refused(400, "malformed");
}

/** The cookies that decode cleanly; null when every cookie did (nothing to change). */
function cleanCookies(header: string | undefined): string | null {
  if (!header) return null;
  const parts = header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  const kept = parts.filter((part) => {
    const at = part.indexOf("=");
    if (at <= 0) return false;
    try {
      return !isBadText(decodeURIComponent(part.slice(at + 1))) && !isBadText(part.slice(0, at));
    } catch {
      return false;
    }
  });
  return kept.length === parts.length ? null : kept.join("; ");
}

async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Refused(413, "tooLarge");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function checkJson(text: string): void {
  try {
    JSON.parse(text, (key, value: unknown) => {
      checkText(key);
      if (typeof value === "string") checkText(value);
      return value;
    });
  } catch (error) {
    if (error instanceof Refused) throw error;
    // Not JSON: the handler answers that in its own words.
  }
}

/** The multipart forms read here, for their handlers: a 10 MB upload is parsed once, not twice. */
const checkedForms = new WeakMap<Request, FormData>();

/** A request's multipart form, as this guard read and checked it (parsed here if it did not). */
export async function multipartForm(c: Context): Promise<FormData> {
  return checkedForms.get(c.req.raw) ?? (await c.req.formData());
}

/** Checks the body's text; returns a multipart body's form. */
async function checkBody(request: Request, bytes: Uint8Array): Promise<FormData | null> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    if (!/;\s*boundary=/.test(type)) throw new Refused(400, "malformed");
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": request.headers.get("content-type")! },
      }).formData();
    } catch {
      throw new Refused(400, "malformed");
    }
    for (const [key, value] of form) {
      checkText(key);
      if (typeof value === "string") checkText(value);
    }
    return form;
  }
  const text = new TextDecoder().decode(bytes);
  checkText(text);
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(text)) {
      checkText(key);
      checkText(value);
    }
    return null;
  }
  checkJson(text);
  return null;
}

function localeOf(c: Context): Locale {
  const path = new URL(c.req.url).pathname;
  if (!path.startsWith("/api/")) return localeFromPath(path);
  return /^\s*fr\b/i.test(c.req.header("accept-language") ?? "") ? "fr" : "en";
}

function refusal(c: Context, refused: Refused, fileLimit: number | undefined): Response {
  const m = messagesFor(localeOf(c)).common.requestErrors;
  const tooLarge =
    fileLimit === undefined
      ? m.tooLarge(Math.floor(BODY_LIMIT_BYTES / 1024))
      : m.fileTooLarge(Math.round(fileLimit / 1048576));
  const message =
    refused.message === "tooLarge" ? tooLarge : refused.message === "badCharacters" ? m.badCharacters : m.malformed;
  if (new URL(c.req.url).pathname.startsWith("/api/"))
    return c.json(errorBody(refused.status, message), refused.status);
  return c.text(message, refused.status);
}

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const fileLimit = uploadLimit(url.pathname, c.req.header("content-type") ?? "");
    const limit = fileLimit === undefined ? BODY_LIMIT_BYTES : fileLimit + FRAMING_BYTES;
    try {
      checkAddress(url);
      checkUrlHeader(c.req.header("origin"));
      checkUrlHeader(c.req.header("referer"));
      const cookies = cleanCookies(c.req.header("cookie"));
      const hasBody = !BODYLESS.has(c.req.method) && c.req.raw.body !== null;
      if (Number(c.req.header("content-length") ?? 0) > limit) throw new Refused(413, "tooLarge");
      const bytes = hasBody ? await readLimited(c.req.raw.body!, limit) : null;
      const form = bytes ? await checkBody(c.req.raw, bytes) : null;
      if (bytes || cookies !== null) {
        const headers = new Headers(c.req.raw.headers);
        if (cookies !== null) headers.set("cookie", cookies);
        c.req.raw = new Request(c.req.raw.url, {
          method: c.req.raw.method,
          headers,
          body: bytes as Uint8Array<ArrayBuffer> | null,
          signal: c.req.raw.signal,
        });
        if (form) checkedForms.set(c.req.raw, form);
      }
    } catch (error) {
      if (error instanceof Refused) return refusal(c, error, fileLimit);
      throw error;
    }
    await next();
  };
}
