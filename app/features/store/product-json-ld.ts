import { localizePath, type Locale } from "../../../domain/locale.ts";
import type { StoreItem } from "../../../domain/catalogue-types.ts";

/** schema.org Product structured data for an item's page (search engines read it for rich results). */
export function productJsonLd(item: StoreItem, options: { origin: string; locale: Locale; currency: string }) {
  const absolute = (path: string) => new URL(path, options.origin).toString();
  const url = absolute(localizePath(`/store/${item.slug}`, options.locale));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    description: item.description,
    image: [item.images.main, ...item.images.gallery].map(absolute),
    sku: item.id,
    url,
    category: item.category.name,
    offers: {
      "@type": "Offer",
      url,
      price: (item.priceCents / 100).toFixed(2),
      priceCurrency: options.currency,
      availability: item.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
