import { Hono } from "hono";
import { isLocale, type Locale } from "../../domain/locale.ts";
import { parseStoreQuery } from "../../domain/store-query.ts";
import { itemsByIds, listCategories, listItems, MAX_BY_IDS } from "../catalogue/catalogue.ts";
import { ApiError } from "../http/errors.ts";
import { isSafeId } from "../http/safe-id.ts";
import { visibleItemModel } from "../inventory/item-models.ts";

/** The public catalogue as JSON: visible items only, for any client (the store page uses its loader). */
export const catalogueApi = new Hono();

function localeParam(value: string | undefined): Locale {
  if (value === undefined || value === "") return "en";
  if (!isLocale(value)) throw new ApiError(400, "Invalid locale");
  return value;
}

catalogueApi.get("/items", async (c) => {
  const query = parseStoreQuery(c.req.query());
  if (!query) throw new ApiError(400, "Invalid search parameters");
  const locale = localeParam(c.req.query("locale"));
  const list = await listItems({ ...query, category: query.category || undefined, locale });
  return c.json(list, 200, { "Cache-Control": "no-cache" });
});

catalogueApi.get("/items/by-ids", async (c) => {
  const ids = (c.req.query("ids") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > MAX_BY_IDS) throw new ApiError(400, `At most ${MAX_BY_IDS} items at a time`);
  return c.json({ items: await itemsByIds(ids) }, 200, { "Cache-Control": "no-store" });
});

catalogueApi.get("/categories", async (c) => {
  const locale = localeParam(c.req.query("locale"));
  return c.json({ categories: await listCategories(locale) }, 200, { "Cache-Control": "no-cache" });
});

// A visible item's 3D model, as a binary STL (decision 056). Its address carries the model's id
// (`?v=`, new with every upload): asked with the current one, it never changes and is cached for a
// year; without it (or with an old one), the current model, revalidated. A hidden item's is 404.
catalogueApi.get("/items/:id/model.stl", async (c) => {
  const id = c.req.param("id");
  const found = isSafeId(id) ? await visibleItemModel(id) : null;
  if (!found) throw new ApiError(404, "Not found");
  const current = c.req.query("v") === found.model.id;
  return c.body(found.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "model/stl",
    "Content-Length": String(found.body.byteLength),
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, no-cache",
    // Its own validator: the model's id says what it is, without hashing megabytes on each request.
    ETag: `"${found.model.id}"`,
    "X-Content-Type-Options": "nosniff",
  });
});
