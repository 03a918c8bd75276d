import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PERSONAL_SLOTS, personalPlaceholder, type PersonalParts } from "../../domain/personal-slots.ts";
import { siteChanged } from "../db/site-changes.ts";
import { pagePolicy } from "./content-security-policy.ts";
import { createSharedPages, isSharedPage, sharedPageKey, withoutCredentials } from "./shared-pages.ts";
import type { RenderPage } from "./page-cache.ts";
import { inOwnScope, oncePerRequest, requestScope } from "./request-scope.ts";

const ORIGIN = "http://localhost:3000";
const CART = `studio_cart=${"a".repeat(43)}`;
const SESSION = "better-auth.session_token=abc; better-auth.session_data=xyz";

/** A stand-in for the shared render: the placeholders, the nonce, and what credentials it saw. */
const seen: (string | null)[] = [];
const renderShared: RenderPage = async (request, nonce) => {
  seen.push(request.headers.get("cookie"));
  const html = `<html><body>${personalPlaceholder("account")}|${personalPlaceholder("cart")}<script nonce="${nonce}"></script>${personalPlaceholder("notices")}<main>${request.url}</main>${personalPlaceholder("data")}</body></html>`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": pagePolicy(nonce),
      "Cache-Control": "private, no-cache",
    },
  });
};
const personalOf = (who: string) => async (): Promise<PersonalParts> => ({
  account: `<a>${who}</a>`,
  cart: `<b>${who.length}</b>`,
  notices: "",
  data: `<script type="application/json">"${who}"</script>`,
  page: "",
});

const request = (path: string, cookie = CART, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers: { cookie, ...headers } });

describe("the shared path", () => {
  it("takes only GETs of listed pages, and the .data of their own loaders without the root's", () => {
    for (const path of [
      "/",
      "/fr",
      "/store",
      "/fr/store",
      "/store/lamp",
      "/fr/store/lamp",
      "/about",
      "/inspirations/a-project",
      "/privacy",
      "/cart",
      "/fr/cart",
      "/orders/FF-ABC",
      "/fr/orders/FF-ABC",
      "/profile",
      "/fr/profile",
      "/store/checkout",
      "/fr/store/checkout",
    ])
      expect(isSharedPage(path), path).toBe(true);
    for (const path of [
      "/store/checkout/other",
      "/profile/other",
      "/orders/1/invoice",
      "/admin",
      "/admin/inventory",
      "/payment/x",
      "/api/me",
      "/logout",
      "/preferences",
      "/quote",
      "/login",
      "/store.data",
      "/store/",
      "/links",
    ])
      expect(isSharedPage(path), path).toBe(false);
    expect(sharedPageKey(request("/store", ""))).not.toBeNull();
    expect(sharedPageKey(request("/store", SESSION))).not.toBeNull();
    expect(sharedPageKey(new Request(`${ORIGIN}/store`, { method: "POST", headers: { cookie: SESSION } }))).toBeNull();
    for (const path of [
      "/store.data?_routes=store",
      "/_.data?_routes=home",
      "/fr.data?_routes=home",
      "/fr/store/lamp.data?_routes=store-item",
      "/cart.data?_routes=cart",
    ])
      expect(sharedPageKey(request(path, SESSION)), path).not.toBeNull();
    // A cart form's outcome, posted without JavaScript, is shown by the next /cart: rendered whole.
    const flash = `${SESSION}; studio_cart_flash=x`;
    expect(sharedPageKey(request("/cart", flash))).toBeNull();
    expect(sharedPageKey(request("/store", flash))).not.toBeNull();
    for (const path of [
      "/store.data",
      "/store.data?_routes=root,store",
      "/store.data?_routes=store,root",
      "/store/checkout.data?_routes=checkout",
      // An order's data is its viewer's; a guest's link (?key=) sets a cookie.
      "/orders/FF-ABC.data?_routes=routes/order",
      "/orders/FF-ABC?key=secret",
      // The profile's data is its buyer's; the address being edited (?edit=) is theirs too.
      "/profile.data?_routes=routes/profile",
      "/profile?edit=an-address",
    ])
      expect(sharedPageKey(request(path, SESSION)), path).toBeNull();
    expect(sharedPageKey(request("/fr/orders/FF-ABC", SESSION))).not.toBeNull();
    expect(sharedPageKey(request("/fr/profile", SESSION))).not.toBeNull();
  });

  it("keeps a .data of the page's own loaders whole, the same for everybody, with nobody's parts rendered", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    const renderData: RenderPage = async (request) =>
      new Response(`["data of ${new URL(request.url).pathname}", ${JSON.stringify(request.headers.get("cookie"))}]`, {
        headers: { "Content-Type": "text/x-script" },
      });
    const noPersonal = async (): Promise<PersonalParts> => {
      throw new Error("a .data of the page's own loaders has no personal part");
    };
    const [ann, bo] = await Promise.all([
      pages.serve(request("/store.data?_routes=store", SESSION), renderData, noPersonal),
      pages.serve(request("/store.data?_routes=store", CART, { "accept-encoding": "gzip" }), renderData, noPersonal),
    ]);
    expect(await ann!.text()).toBe('["data of /store.data", null]');
    expect(gunzipSync(Buffer.from(await bo!.arrayBuffer())).toString()).toBe('["data of /store.data", null]');
  });

  it("renders the shared part with no credentials: only the theme and language cookies", () => {
    const stripped = withoutCredentials(
      request("/store", `${SESSION}; theme=dark; ${CART}; lang=fr; other=1`, { authorization: "Bearer t" }),
    );
    expect(stripped.headers.get("cookie")).toBe("theme=dark; lang=fr");
    expect(stripped.headers.get("authorization")).toBeNull();
  });

  it("splices each person's parts into the same shared part, plain and gzipped", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    seen.length = 0;
    const [ann, bo] = await Promise.all([
      pages.serve(request("/store"), renderShared, personalOf("ann")),
      pages.serve(request("/store", CART, { "accept-encoding": "gzip" }), renderShared, personalOf("bo")),
    ]);
    expect(seen).toEqual([null]);
    const annHtml = await ann!.text();
    const boHtml = gunzipSync(Buffer.from(await bo!.arrayBuffer())).toString();
    expect(annHtml).toMatch(
      /^<html><body><a>ann<\/a>\|<b>3<\/b><script nonce="[^"]+"><\/script><main>http:\/\/localhost:3000\/store<\/main><script type="application\/json">"ann"<\/script><\/body><\/html>$/,
    );
    expect(boHtml).toContain("<a>bo</a>|<b>2</b>");
    expect(boHtml).not.toContain("ann");
    for (const slot of PERSONAL_SLOTS) expect(boHtml).not.toContain(personalPlaceholder(slot));
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)![1];
    expect(annHtml).toContain(`nonce="${nonce(ann!)}"`);
    expect(nonce(ann!)).not.toBe(nonce(bo!));
  });

  it("splices a personal part larger than a deflate block (64 KB) into the gzip", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    const big = "x".repeat(150_000);
    const response = await pages.serve(
      request("/services", CART, { "accept-encoding": "gzip" }),
      renderShared,
      async () => ({ ...(await personalOf("ann")()), data: big }),
    );
    const html = gunzipSync(Buffer.from(await response!.arrayBuffer())).toString();
    expect(html).toContain(`<main>${ORIGIN}/services</main>${big}</body>`);
  });

  it("renders the shared part in a scope of its own: nothing the request worked out reaches it, no cookie it sets reaches the person", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    const isolated: RenderPage = async (request, nonce) => {
      expect(requestScope()?.memo.size).toBe(0);
      requestScope()?.setCookies.push("leak=1");
      return renderShared(request, nonce);
    };
    await inOwnScope("GET", async () => {
      await oncePerRequest("session of the person", async () => "ann");
      expect(await pages.serve(request("/returns"), isolated, personalOf("ann"))).not.toBeNull();
      expect(requestScope()?.setCookies).toEqual([]);
    });
  });

  it("keeps at most maxEntries shared parts, and none after a site change", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    for (let page = 0; page < 30; page++)
      await pages.serve(request(`/store?page=${page}`), renderShared, personalOf("ann"));
    expect(pages.size()).toBe(10);
    siteChanged("catalogue");
    expect(pages.size()).toBe(0);
  });

  it("leaves a page without every placeholder, or not a plain 200, to the whole render", async () => {
    const pages = createSharedPages({ ttlMs: 60_000, maxEntries: 10 });
    const missing: RenderPage = async () =>
      new Response("<html>no slots</html>", { headers: { "Content-Type": "text/html" } });
    expect(await pages.serve(request("/about"), missing, personalOf("ann"))).toBeNull();
    const notFound: RenderPage = async (request, nonce) => {
      const response = await renderShared(request, nonce);
      return new Response(response.body, { status: 404, headers: response.headers });
    };
    expect(await pages.serve(request("/store/nothing"), notFound, personalOf("ann"))).toBeNull();
  });
});
