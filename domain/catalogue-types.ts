import type { Translations } from "./translations.ts";

/** Types of the catalogue as the server gives it to pages: the store's (visible items only) and the admin's. */

/** An item's pictures: the main one and the gallery, as site paths. */
export type ItemImages = { main: string; gallery: string[] };

/**
 * An item's 3D model, as the server keeps it: a binary STL in the file storage, made from the file
 * the owner uploaded (STL, OBJ, 3MF or STEP). `id` is new with every upload: the model's address
 * carries it, so a browser may keep a model for good (decision 056).
 */
export type ItemModel = {
  id: string;
  /** The uploaded file's name, for the admin. */
  name: string;
  /** The stored binary STL's size in bytes. */
  bytes: number;
  triangles: number;
  /** Width, depth and height of its bounding box in millimetres. */
  sizeMm: [number, number, number];
  uploadedAt: string;
};

/** What a visitor's page knows of an item's model: where to fetch it, and how large it is. */
export type StoreItemModel = { url: string; triangles: number; sizeMm: [number, number, number] };

/** The public address of an item's model, keyed by the model's id so that it can be cached for good. */
export function itemModelUrl(itemId: string, modelId: string): string {
  return `/api/catalogue/items/${encodeURIComponent(itemId)}/model.stl?v=${encodeURIComponent(modelId)}`;
}

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
  /** Shipping weight of one unit, packed; 0: not weighed (it cannot ship). */
  weightGrams: number;
  /** Its packed size in millimetres, each side null until measured. */
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  /** Of those, units held by orders awaiting payment. */
  held: number;
  /** What buyers can take: stock − held. */
  available: number;
  images: ItemImages;
  isVisible: boolean;
  /** Its 3D model, if the owner attached one. */
  model: ItemModel | null;
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
  /** Its 3D model, shown on request; null when it has none. */
  model: StoreItemModel | null;
};

export type ItemList = { items: StoreItem[]; total: number; page: number; pageCount: number; pageSize: number };
