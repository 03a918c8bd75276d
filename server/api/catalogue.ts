import { Hono } from "hono";
import { isLocale, type Locale } from "../../domain/locale.ts";
import { parseStoreQuery } from "../../domain/store-query.ts";
import { itemsByIds, listCategories, listItems, MAX_BY_IDS } from "../catalogue/catalogue.ts";
import { ApiError } from "../http/errors.ts";

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
  const ids = (c.req.query("ids") ?? "").split(",").map((id) => id.trim()).filter(Boolean);
  if (ids.length > MAX_BY_IDS) throw new ApiError(400, `At most ${MAX_BY_IDS} items at a time`);
  return c.json({ items: await itemsByIds(ids) }, 200, { "Cache-Control": "no-store" });
});

catalogueApi.get("/categories", async (c) => {
  const locale = localeParam(c.req.query("locale"));
  return c.json({ categories: await listCategories(locale) }, 200, { "Cache-Control": "no-cache" });
});
