import { isbot } from "isbot";
import { wantsFrench } from "../../domain/first-visit-language.ts";
import { stripLocale } from "../../domain/locale.ts";
import { readCookie, THEME_COOKIE, themeFrom } from "../../domain/preferences.ts";
import { hasSessionCredentials } from "../auth/session.ts";
import { hasCartCookie } from "../cart/cookie.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { newNonce } from "./content-security-policy.ts";
import { compressParts, gzipJoined } from "./spliced-gzip.ts";

/**
 * A short-lived cache of the pages rendered for anonymous visitors (their HTML and their `.data`), so that a busy store
 * page costs one render per few seconds instead of one per visitor (a render is ~4 ms of CPU).
 * Every change of the catalogue, settings or content clears it, on every app server (site-changes.ts).
 * The CSP nonce stays fresh per response: a page is kept split on its nonce and joined with a
 * new one, in the body and the headers alike. Its gzip is kept too (compressing costs more CPU
 * than serving), in parts that take the new nonce between them.
 */

/** Renders the page for this request with this nonce in its CSP header and inline scripts. */
export type RenderPage = (request: Request, nonce: string) => Promise<Response>;

type CachedPage = { status: number; headers: [string, string[]][]; body: Buffer[]; gzip: Buffer[] };
type Entry = { expires: number; page: Promise<CachedPage | null> };

// Pages that need an account (or write something) are never kept, signed in or not.
const UNCACHED_PREFIXES = [
  "/api",
  "/admin",
  "/profile",
  "/payment",
  "/orders",
  "/store/checkout",
  "/logout",
  "/preferences",
];

/**
 * What the rendered HTML depends on besides the session: the address, the theme cookie, whether
 * "/" sends the visitor to /fr (language cookie, browser language) and whether the visitor is a
 * crawler (rendered in one piece). Null when the request must not be served from the cache.
 */
export function pageCacheKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  const headers = request.headers;
  // A visitor with a cart sees it in the page (the header's count, the drawer).
  if (hasSessionCredentials(headers) || hasCartCookie(headers)) return null;
  const url = new URL(request.url);
  const path = stripLocale(url.pathname);
  if (UNCACHED_PREFIXES.some((prefix) => path.startsWith(prefix))) return null;
  const theme = themeFrom(readCookie(headers.get("cookie"), THEME_COOKIE));
  const french = wantsFrench(headers) ? "fr" : "-";
  const bot = isbot(headers.get("user-agent") ?? "") ? "bot" : "-";
  return `${url.pathname}${url.search} ${theme} ${french} ${bot}`;
}

// A page's HTML, or its `.data` (what a client-side navigation to it fetches: the same loaders).
const PAGE_TYPES = ["text/html", "text/x-script"];

export function storable(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 && !response.headers.has("set-cookie") && PAGE_TYPES.some((page) => type.startsWith(page))
  );
}

export function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((entry) => {
    const [coding, ...params] = entry
      .toLowerCase()
      .split(";")
      .map((part) => part.trim());
    return (coding === "gzip" || coding === "*") && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

function fill(page: CachedPage, request: Request, nonce: string): Response {
  const headers = new Headers();
  for (const [name, parts] of page.headers) headers.set(name, parts.join(nonce));
  headers.set("Vary", "Accept-Encoding");
  const nonceBytes = Buffer.from(nonce);
  if (acceptsGzip(request.headers.get("accept-encoding"))) {
    headers.set("Content-Encoding", "gzip");
    const joiners = page.body.slice(1).map(() => nonceBytes);
    return new Response(gzipJoined(page.body, page.gzip, joiners), { status: page.status, headers });
  }
  const chunks = page.body.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
  return new Response(Buffer.concat(chunks), { status: page.status, headers });
}

export function createPageCache(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  onSiteChanged(() => entries.clear());

  function forget(key: string, entry: Entry) {
    if (entries.get(key) === entry) entries.delete(key);
  }

  async function serve(request: Request, render: RenderPage): Promise<Response> {
    const key = options.ttlMs > 0 ? pageCacheKey(request) : null;
    if (!key) return render(request, newNonce());

    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      const page = await hit.page;
      return page ? fill(page, request, newNonce()) : render(request, newNonce());
    }

    // Visitors arriving while this render runs wait for it rather than render the same page.
    let settle!: (page: CachedPage | null) => void;
    const entry: Entry = { expires: now + options.ttlMs, page: new Promise((resolve) => (settle = resolve)) };
    entries.delete(key);
    entries.set(key, entry);

    const nonce = newNonce();
    try {
      const response = await render(request, nonce);
      if (!storable(response)) {
        forget(key, entry);
        settle(null);
        return response;
      }
      const body = (await response.text()).split(nonce).map((part) => Buffer.from(part));
      const page: CachedPage = {
        status: response.status,
        headers: [...response.headers]
          .filter(([name]) => name !== "content-length")
          .map(([name, value]) => [name, value.split(nonce)]),
        body,
        gzip: compressParts(body),
      };
      settle(page);
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return fill(page, request, nonce);
    } catch (error) {
      forget(key, entry);
      settle(null);
      throw error;
    }
  }

  /** True when this request's page is taken from (or kept in) this cache. */
  const serves = (request: Request) => options.ttlMs > 0 && pageCacheKey(request) !== null;

  return { serve, serves };
}

// Off in development (a page edited in the editor must show at once) and in tests.
const ttlMs = Number(process.env.PAGE_CACHE_MS ?? (process.env.NODE_ENV === "production" ? 2_000 : 0));

export const pageCache = createPageCache({ ttlMs, maxEntries: 200 });
