import { localizePath, stripLocale, type Locale } from "../../domain/locale.ts";

export type SeoInput = {
  /** The page's path as requested (with /fr for French). */
  pathname: string;
  /** The site's public origin, from the root loader (`publicUrl`). */
  origin: string;
  locale: Locale;
  title: string;
  description: string;
  siteName: string;
  /** An absolute or site-relative image for link previews; null for none. */
  image: string | null;
  type?: "website" | "product" | "article";
};

/** A description cut at a word to fit a search result (160 characters). */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** Title, description, canonical, language alternates and link-preview tags for a route's `meta`. */
export function seoMeta(input: SeoInput) {
  const base = stripLocale(input.pathname);
  const absolute = (path: string) => new URL(path, input.origin).toString();
  const image = input.image ? absolute(input.image) : null;
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: absolute(localizePath(base, input.locale)) },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: absolute(localizePath(base, "en")) },
    { tagName: "link", rel: "alternate", hrefLang: "fr", href: absolute(localizePath(base, "fr")) },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(localizePath(base, "en")) },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.siteName },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: absolute(input.pathname) },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "og:locale", content: input.locale === "fr" ? "fr_CA" : "en_CA" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
