import type { Translations } from "./translations.ts";

/** Types of the catalogue as the server gives it to pages: the store's (visible items only) and the admin's. */

/** An item's pictures: the main one and the gallery, as site paths. */
export type ItemImages = { main: string; gallery: string[] };

/** An item as the admin (and the update-inventory call) sees it: dates as ISO strings, price in cents and dollars. */
export type AdminItem = {
  id: string;
  slug: string;
  categoryId: string;
  translations: Translations;
  price: number;
  priceCents: number;
  /** Units on the shelf. */
  stock: number;
  /** Of those, units held by orders awaiting payment. */
  held: number;
  /** What buyers can take: stock − held. */
  available: number;
  images: ItemImages;
  isVisible: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export type AdminCategory = {
  id: string;
  slug: string;
  translations: Translations;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
};

export type StoreCategory = { id: string; slug: string; name: string; description: string };

export type StoreItem = {
  id: string;
  slug: string;
  category: { id: string; slug: string; name: string };
  /** In the requested language (French falls back to English). */
  name: string;
  description: string;
  /** Both names, for the cart (it shows the line in the page's language). */
  names: { en: string; fr: string };
  priceCents: number;
  stock: number;
  images: ItemImages;
};

export type ItemList = { items: StoreItem[]; total: number; page: number; pageCount: number; pageSize: number };
