import { Hono } from "hono";
import { z } from "zod";
import { isLocale, type Locale } from "../../app/lib/locale.ts";
import { itemsByIds, listCategories, listItems, MAX_BY_IDS, MAX_QUERY_LENGTH } from "../catalogue/catalogue.ts";
import { ApiError } from "../http/errors.ts";

/** The public catalogue as JSON: visible items only, for any client (the store page uses its loader). */
export const catalogueApi = new Hono();

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function localeParam(value: string | undefined): Locale {
  if (value === undefined || value === "") return "en";
  if (!isLocale(value)) throw new ApiError(400, "Invalid locale");
  return value;
}

const listParams = z.object({
  q: z.string().max(MAX_QUERY_LENGTH).optional(),
  category: z.string().max(100).regex(SLUG).optional().or(z.literal("")),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

catalogueApi.get("/items", async (c) => {
  const parsed = listParams.safeParse(c.req.query());
  if (!parsed.success) throw new ApiError(400, "Invalid search parameters");
  const locale = localeParam(c.req.query("locale"));
  const list = await listItems({ ...parsed.data, category: parsed.data.category || undefined, locale });
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
