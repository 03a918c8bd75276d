import { z } from "zod";
import { SLUG_PATTERN } from "./slug.ts";

export const MAX_QUERY_LENGTH = 100;
export const MAX_PAGE = 10_000;

/** The store's filters in an address (?q=&category=&page=), for the store page and GET /api/items. */
export const storeQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH).default(""),
  category: z.union([z.literal(""), z.string().max(100).regex(SLUG_PATTERN)]).default(""),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type StoreQuery = z.output<typeof storeQuerySchema>;

type Params = Record<string, string | undefined>;

/** For the API: null when a parameter is wrong (a 400 for the script that sent it). */
export function parseStoreQuery(params: Params): StoreQuery | null {
  const parsed = storeQuerySchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}

/** For the page: a hand-edited address never fails; a long search is cut, any other wrong parameter ignored. */
export function readStoreQuery(params: URLSearchParams): StoreQuery {
  const field = <K extends keyof StoreQuery>(key: K, value: string | undefined): StoreQuery[K] => {
    const parsed = storeQuerySchema.shape[key].safeParse(value);
    return (parsed.success ? parsed.data : storeQuerySchema.shape[key].parse(undefined)) as StoreQuery[K];
  };
  return {
    q: field("q", params.get("q")?.slice(0, MAX_QUERY_LENGTH) ?? undefined),
    category: field("category", params.get("category") ?? undefined),
    page: field("page", params.get("page") ?? undefined),
  };
}
