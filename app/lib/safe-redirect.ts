/** Only a path on this site: never another origin ("//evil.example", "https://…"). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return pageAddress(new URL(to, "http://site.invalid"));
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
