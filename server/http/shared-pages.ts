import { createContext } from "react-router";
import { isbot } from "isbot";
import { wantsFrench } from "../../domain/first-visit-language.ts";
import { stripLocale } from "../../domain/locale.ts";
import {
  OPTIONAL_SLOTS,
  PERSONAL_SLOTS,
  personalPlaceholder,
  type PersonalParts,
  type PersonalSlot,
} from "../../domain/personal-slots.ts";
import { LOCALE_COOKIE, readCookie, THEME_COOKIE, themeFrom } from "../../domain/preferences.ts";
import { getSessionUser } from "../auth/session.ts";
import { CART_FLASH_COOKIE } from "../cart/cookie.ts";
import { onSiteChanged } from "../db/site-changes.ts";
import { newNonce } from "./content-security-policy.ts";
import { acceptsGzip, storable, type RenderPage } from "./page-cache.ts";
import { inOwnScope, requestScope } from "./request-scope.ts";
import { compressParts, gzipJoined } from "./spliced-gzip.ts";

/**
 * Pages made of a part that is the same for everybody and parts that belong to one person
 * (decision 060). For a page of the shared list, the page is rendered once per address, language,
 * theme and site version, for a visitor with no credentials at all, with a placeholder where each
 * personal part goes; per request only the person's parts are rendered (the header's account menu
 * and cart button, the cart's notices and their share of the hydration data) and spliced in. The
 * shared part is kept split on the CSP nonce and on the placeholders, its gzip in parts compressed
 * once, like the anonymous page cache. A client-side navigation's `.data` that asks only for the
 * page's own loaders (not the root's user and cart) is the same for everybody: it is kept whole.
 * Anonymous visitors take this path too when the anonymous page cache is off (decision 065).
 */

/** True while React Router renders the shared part of a page (the root loader marks its data so). */
export const sharedPageContext = createContext<boolean>(false);

/** This request's personal parts, rendered by the app's own components; null when its render answered otherwise (a redirect). */
export type RenderPersonal = (request: Request) => Promise<PersonalParts | null>;

/**
 * The pages whose loaders, apart from the root's user and cart, are the same for everybody (paths
 * without the /fr prefix), and /cart, whose content comes from the root's cart and is spliced in
 * as the person's "page" part.
 */
const SHARED_PAGES = [
  /^\/$/,
  /^\/(services|about|contact|privacy|terms-of-sale|returns|store|cart)$/,
  /^\/inspirations(\/[^/]+)?$/,
  /^\/store\/(?!checkout$)[^/]+$/,
];

/**
 * A buyer's own pages: the frame is shared, and the content, rendered by the page's own loader for
 * the person, is spliced in as their "page" part with its data (decision 074). Their `.data` is the
 * person's, and never shared. Every other page (admin, payment, quote,
 * log-in…) is rendered whole for each request, and so is /links, which has no header.
 */
const PERSONAL_PAGES = [/^\/orders\/[^/]+$/, /^\/profile$/, /^\/store\/checkout$/];

const isListed = (patterns: RegExp[], pathname: string) =>
  patterns.some((pattern) => pattern.test(stripLocale(pathname)));

export function isSharedPage(pathname: string): boolean {
  return isListed(SHARED_PAGES, pathname) || isListed(PERSONAL_PAGES, pathname);
}

/** The page a `.data` address fetches the loaders of ("/_.data" is "/"), or null for a page's own address. */
function pageOfData(pathname: string): string | null {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : null;
}

/**
 * What the shared part depends on: the address, the theme, whether "/" sends the visitor to /fr
 * and whether the visitor is a crawler (rendered in one piece). Null when the request is not for
 * the shared path: not a GET of a listed page, or a `.data` that asks for the root's loader (the
 * person's user and cart) or for every loader.
 */
export function sharedPageKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  const headers = request.headers;
  const url = new URL(request.url);
  const dataOf = pageOfData(url.pathname);
  if (dataOf !== null) {
    const routes = url.searchParams.get("_routes");
    if (!routes || routes.split(",").includes("root")) return null;
  }
  if (!isSharedPage(dataOf ?? url.pathname)) return null;
  // A personal page's data is the person's; its address with a query (a guest's key, ?edit=) is rendered whole.
  if (isListed(PERSONAL_PAGES, dataOf ?? url.pathname) && (dataOf !== null || url.search !== "")) return null;
  // The outcome of a cart form posted without JavaScript is the person's: /cart shows it, rendered whole.
  const page = stripLocale(dataOf ?? url.pathname);
  if (page === "/cart" && readCookie(headers.get("cookie"), CART_FLASH_COOKIE) !== undefined) return null;
  const theme = themeFrom(readCookie(headers.get("cookie"), THEME_COOKIE));
  const french = wantsFrench(headers) ? "fr" : "-";
  const bot = isbot(headers.get("user-agent") ?? "") ? "bot" : "-";
  return `${url.pathname}${url.search} ${theme} ${french} ${bot}`;
}

/**
 * The request as a visitor with no credentials would send it: no Authorization, and of the
 * cookies only the two preferences the key holds. Whatever the loaders read, they cannot see
 * whose page it is.
 */
export function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("authorization");
  headers.delete("cookie");
  const cookie = request.headers.get("cookie");
  const kept = [THEME_COOKIE, LOCALE_COOKIE].flatMap((name) => {
    const value = readCookie(cookie, name);
    return value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`];
  });
  if (kept.length > 0) headers.set("cookie", kept.join("; "));
  return new Request(request.url, { method: "GET", headers });
}

/** Between two fixed pieces: the response's nonce or one of the person's parts. */
type Hole = "nonce" | PersonalSlot;
type SharedPage = {
  status: number;
  headers: [string, string[]][];
  pieces: Buffer[];
  gzip: Buffer[];
  holes: Hole[];
};
type Entry = { expires: number; page: Promise<SharedPage | null> };

const placeholders = new Map(PERSONAL_SLOTS.map((slot) => [personalPlaceholder(slot), slot]));

/**
 * The shared HTML cut at its nonces and placeholders; null unless every placeholder is there
 * exactly once (a page), or none is (a `.data`).
 */
function cut(html: string, nonce: string, personal: boolean): { pieces: Buffer[]; holes: Hole[] } | null {
  const pattern = new RegExp(
    [nonce, ...placeholders.keys()].map((text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
    "g",
  );
  const pieces: Buffer[] = [];
  const holes: Hole[] = [];
  let start = 0;
  for (const match of html.matchAll(pattern)) {
    pieces.push(Buffer.from(html.slice(start, match.index)));
    holes.push(match[0] === nonce ? "nonce" : placeholders.get(match[0])!);
    start = match.index + match[0].length;
  }
  pieces.push(Buffer.from(html.slice(start)));
  const expected = personal ? 1 : 0;
  const each = PERSONAL_SLOTS.every((slot) => {
    const count = holes.filter((hole) => hole === slot).length;
    return count === expected || (OPTIONAL_SLOTS.includes(slot) && count === 0);
  });
  return each ? { pieces, holes } : null;
}

function splice(page: SharedPage, request: Request, personal: PersonalParts | null): Response {
  const nonce = newNonce();
  const headers = new Headers();
  for (const [name, parts] of page.headers) headers.set(name, parts.join(nonce));
  headers.set("Vary", "Accept-Encoding");
  const nonceBytes = Buffer.from(nonce);
  const joiners = page.holes.map((hole) => (hole === "nonce" ? nonceBytes : Buffer.from(personal![hole])));
  if (acceptsGzip(request.headers.get("accept-encoding"))) {
    headers.set("Content-Encoding", "gzip");
    return new Response(gzipJoined(page.pieces, page.gzip, joiners), { status: page.status, headers });
  }
  const chunks = page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [joiners[index - 1]!, piece]));
  return new Response(Buffer.concat(chunks), { status: page.status, headers });
}

export function createSharedPages(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, Entry>();
  onSiteChanged(() => entries.clear());

  async function renderShared(request: Request, render: RenderPage): Promise<SharedPage | null> {
    const nonce = newNonce();
    // In a scope of its own: no answer worked out for the person (their session, their cart) can reach it.
    const response = await inOwnScope("GET", () => render(withoutCredentials(request), nonce));
    if (!storable(response)) return null;
    const parts = cut(await response.text(), nonce, pageOfData(new URL(request.url).pathname) === null);
    if (!parts) return null;
    return {
      status: response.status,
      headers: [...response.headers]
        .filter(([name]) => name !== "content-length")
        .map(([name, value]) => [name, value.split(nonce)]),
      ...parts,
      gzip: compressParts(parts.pieces),
    };
  }

  /** The shared part for `key`: kept for ttlMs, the least recently used dropped beyond maxEntries. */
  function sharedPage(key: string, request: Request, render: RenderPage): Promise<SharedPage | null> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.page;
    }
    // Requests arriving while this render runs wait for it rather than render the same page.
    const entry: Entry = { expires: now + options.ttlMs, page: renderShared(request, render) };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    entry.page.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.page;
  }

  /**
   * The page for this request, spliced from the shared part and the person's own; or null when it
   * must be rendered whole (not a shared page, a session cookie to set, a page that is not a
   * plain 200: a 404 or an error shows the person's header too).
   * `renderShared` renders with `sharedPageContext` set; `renderPersonal` the person's parts.
   */
  async function serve(
    request: Request,
    renderShared: RenderPage,
    renderPersonal: RenderPersonal,
  ): Promise<Response | null> {
    const key = options.ttlMs > 0 ? sharedPageKey(request) : null;
    if (!key) return null;
    // The session is read first (the page's render reuses it): a refreshed or cleared session
    // cookie goes out with a page rendered whole, as before.
    await getSessionUser(request.headers);
    if ((requestScope()?.setCookies.length ?? 0) > 0) return null;
    // The person's parts first: a page they may not see (another buyer's order) gets no frame kept.
    const wholePage = pageOfData(new URL(request.url).pathname) === null;
    const personal = wholePage ? await renderPersonal(request) : null;
    if (wholePage && !personal) return null;
    const page = await sharedPage(key, request, renderShared);
    return page ? splice(page, request, personal) : null;
  }

  return { serve, size: () => entries.size };
}

// Kept until the site changes (every change clears them, on every app server); the time limit only
// bounds what nothing announces: the date in a page. Off in development and tests unless set.
const ttlMs = Number(process.env.SHARED_PAGE_MS ?? (process.env.NODE_ENV === "production" ? 60_000 : 0));

export const sharedPages = createSharedPages({ ttlMs, maxEntries: 200 });
