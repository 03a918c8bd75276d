import { z } from "zod";

/**
 * The admin's customer list as its address says it (/admin/customers?q=&sort=&dir=&page=): the one
 * parser of that query, used by the page and the API. A value that is not one of these is a 400.
 */
export const CUSTOMER_SORTS = ["name", "email", "verified", "orders", "spent", "lastOrder"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_PAGE_SIZE = 25;

export const customerQuerySchema = z.object({
  q: z.string().trim().max(100, "tooLong").default(""),
  sort: z.enum(CUSTOMER_SORTS, "invalidSort").default("lastOrder"),
  dir: z.enum(["asc", "desc"], "invalidDir").default("desc"),
  page: z.coerce.number("invalidPage").int("invalidPage").min(1, "invalidPage").max(100_000, "invalidPage").default(1),
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;
export type CustomerQueryProblem = "tooLong" | "invalidSort" | "invalidDir" | "invalidPage";

/** Reads the query string; empty parameters are absent. */
export function parseCustomerQuery(
  params: URLSearchParams,
): { ok: true; value: CustomerQuery } | { ok: false; problem: CustomerQueryProblem } {
  const raw = Object.fromEntries(
    ["q", "sort", "dir", "page"].flatMap((key) => {
      const value = params.get(key);
      return value === null || value === "" ? [] : [[key, value]];
    }),
  );
  const parsed = customerQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: (parsed.error.issues[0]?.message ?? "invalidPage") as CustomerQueryProblem };
}

/** One row of the list: every figure comes from the database's aggregates. */
export type CustomerRow = {
  id: string;
  username: string;
  email: string;
  verified: boolean;
  orders: number;
  spentCents: number;
  lastOrderAt: string | null;
};

export type CustomerOrder = {
  id: string;
  status: string;
  totalCents: number;
  refundedCents: number;
  createdAt: string;
};
export type CustomerQuote = { id: string; status: string; fileName: string; quantity: number; createdAt: string };
export type CustomerMessage = {
  id: string;
  projectType: string;
  message: string;
  createdAt: string;
  newsletter: boolean;
  newsletterConsentAt: string | null;
};
export type CustomerEvent = { kind: "email_verified_by_hand"; actor: string | null; createdAt: string };

export type CustomerDetail = CustomerRow & {
  createdAt: string;
  refundedCents: number;
  orderList: CustomerOrder[];
  quotes: CustomerQuote[];
  messages: CustomerMessage[];
  /** The newsletter: consented (with its date) in the newest contact message that said so. */
  newsletter: { at: string; text: string } | null;
  events: CustomerEvent[];
};
