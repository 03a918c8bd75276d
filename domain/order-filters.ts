import { z } from "zod";
import { calendarDaySchema } from "./calendar-day.ts";
import { ORDER_STATUSES, type OrderStatus } from "./order-status.ts";

/**
 * The admin's order list and its CSV export as the address says them
 * (?status=&q=&from=&to=&paidFrom=&paidTo=&method=&page=): one parser for the page and the API. Days are the
 * studio's (YYYY-MM-DD, placed on or after `from`, on or before `to`); a value it does not know is
 * a 400 that says why, never a 500.
 */
export const DELIVERY_FILTERS = ["ship", "pickup"] as const;
export type OrderFilterProblem =
  "invalidStatus" | "tooLong" | "invalidDate" | "invalidRange" | "invalidMethod" | "invalidPage";

const day = calendarDaySchema("invalidDate");

export const orderFilterSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, "invalidStatus").optional(),
    q: z.string().trim().max(100, "tooLong").default(""),
    from: day.optional(),
    to: day.optional(),
    paidFrom: day.optional(),
    paidTo: day.optional(),
    method: z.enum(DELIVERY_FILTERS, "invalidMethod").optional(),
    page: z.coerce
      .number("invalidPage")
      .int("invalidPage")
      .min(1, "invalidPage")
      .max(100_000, "invalidPage")
      .default(1),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "invalidRange",
    path: ["to"],
  })
  .refine((filter) => !filter.paidFrom || !filter.paidTo || filter.paidFrom <= filter.paidTo, {
    message: "invalidRange",
    path: ["paidTo"],
  });

export type OrderFilter = {
  status?: OrderStatus;
  q: string;
  from?: string;
  to?: string;
  /** Paid from and until these studio days: the tax report's period, for the accountant. */
  paidFrom?: string;
  paidTo?: string;
  method?: (typeof DELIVERY_FILTERS)[number];
  page: number;
};

export function parseOrderFilter(
  params: URLSearchParams,
): { ok: true; value: OrderFilter } | { ok: false; problem: OrderFilterProblem } {
  const raw = Object.fromEntries(
    ["status", "q", "from", "to", "paidFrom", "paidTo", "method", "page"].flatMap((key) => {
      const value = params.get(key);
      return value === null || value === "" ? [] : [[key, value]];
    }),
  );
  const parsed = orderFilterSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: (parsed.error.issues[0]?.message ?? "invalidPage") as OrderFilterProblem };
}

/** The filter as a query string (empty values and page 1 left out), for links and the export. */
export function orderFilterQuery(filter: Partial<OrderFilter>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of ["status", "q", "from", "to", "paidFrom", "paidTo", "method"] as const)
    if (filter[key]) params.set(key, String(filter[key]));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}
