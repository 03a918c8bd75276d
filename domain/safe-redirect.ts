const PROBE = "http://site.invalid";

/**
 * Only a path on this site: never another origin ("//evil.example", "/\evil.example",
 * "https://…"), and nothing with control characters or backslashes, which browsers strip or
 * rewrite before reading the address ("/\t/evil.example" is "//evil.example" to them). A data
 * request's address becomes its page's.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (!URL.canParse(to, PROBE)) return fallback;
  const url = new URL(to, PROBE);
  if (url.origin !== PROBE || url.pathname.startsWith("//")) return fallback;
  return pageAddress(url) + url.hash;
}

/**
 * The address of the page a request is for. A client-side navigation asks for its loaders' data at
 * `<page>.data` (and `/_root.data` for "/"), with `_routes` and `index` in the query: a redirect
 * target built from that URL would land the buyer on raw data after they log in.
 */
export function pageAddress(url: URL): string {
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"/_.data".length) || "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.delete("index");
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
