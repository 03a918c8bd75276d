import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { PromotionStatus } from "../../domain/discounts.ts";
import type { PromotionInput } from "../../domain/promotion-form.ts";
import { getDb } from "../db/index.ts";
import { categories, inventoryItems, promotions } from "../db/schema.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { csvRow, decimal, studioDateTime } from "../admin/orders-csv.ts";

/** A promotion as Admin → Discounts lists it, with what it did: uses, paid orders, sales and discount given. */
export type PromotionSummary = typeof promotions.$inferSelect & {
  itemSlugs: string[];
  uses: number;
  paidOrders: number;
  /** The goods of its paid orders, net of every discount on them. */
  salesCents: number;
  discountCents: number;
};

export async function listPromotions(): Promise<PromotionSummary[]> {
  const db = await getDb();
  const rows = await db.select().from(promotions).orderBy(desc(promotions.createdAt), promotions.id);
  // Kept uses are those of paid orders (a refund does not give a use back).
  type Stat = { promotion_id: string; uses: number; paid_orders: number; sales_cents: number; discount_cents: number };
  const stats = (await db.execute(sql`
    select u.promotion_id,
      count(*) filter (where u.status in ('held', 'kept'))::int as uses,
      count(*) filter (where u.status = 'kept')::int as paid_orders,
      coalesce(sum(d.subtotal_cents - (o.discount_cents - d.shipping_discount_cents)) filter (where u.status = 'kept'), 0)::int as sales_cents,
      coalesce(sum(u.discount_cents) filter (where u.status = 'kept'), 0)::int as discount_cents
    from promotion_uses u
    join orders o on o.id = u.order_id
    left join order_delivery d on d.order_id = o.id
    group by u.promotion_id`)) as unknown as { rows: Stat[] };
  const byId = new Map(stats.rows.map((row) => [row.promotion_id, row]));
  const itemIds = [...new Set(rows.flatMap((row) => row.itemIds ?? []))];
  const slugs = new Map(
    itemIds.length === 0
      ? []
      : (
          await db
            .select({ id: inventoryItems.id, slug: inventoryItems.slug })
            .from(inventoryItems)
            .where(inArray(inventoryItems.id, itemIds))
        ).map((item) => [item.id, item.slug] as const),
  );
  return rows.map((row) => {
    const stat = byId.get(row.id);
    return {
      ...row,
      itemSlugs: (row.itemIds ?? []).map((id) => slugs.get(id) ?? id),
      uses: Number(stat?.uses ?? 0),
      paidOrders: Number(stat?.paid_orders ?? 0),
      salesCents: Number(stat?.sales_cents ?? 0),
      discountCents: Number(stat?.discount_cents ?? 0),
    };
  });
}

/** The form's values as a row: item slugs and categories checked against the catalogue, the code unique. */
async function rowValues(input: PromotionInput, exceptId: string | null) {
  const db = await getDb();
  const fields: Record<string, string> = {};
  let itemIds: string[] | null = null;
  if (input.itemSlugs) {
    const found = await db
      .select({ id: inventoryItems.id, slug: inventoryItems.slug })
      .from(inventoryItems)
      .where(inArray(inventoryItems.slug, input.itemSlugs));
    if (found.length !== new Set(input.itemSlugs).size) fields.items = "itemsUnknown";
    itemIds = found.map((item) => item.id);
  }
  if (input.categoryIds) {
    const found = await db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, input.categoryIds));
    if (found.length !== new Set(input.categoryIds).size) fields.categoryIds = "categoriesUnknown";
  }
  if (input.code) {
    const [taken] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.code, input.code), exceptId ? ne(promotions.id, exceptId) : undefined));
    if (taken) fields.code = "codeTaken";
  }
  if (Object.keys(fields).length > 0) throw new DomainError("discount.invalid", { fields });
  const { name, code, kind, percentBp, amountCents, categoryIds, includesCustomPrints, minSubtotalCents } = input;
  const { startsAt, endsAt, maxUses, maxUsesPerBuyer, firstOrderOnly, combinesWithCode } = input;
  return {
    ...{ name, code, kind, percentBp, amountCents, categoryIds, itemIds, includesCustomPrints, minSubtotalCents },
    ...{ startsAt, endsAt, maxUses, maxUsesPerBuyer, firstOrderOnly, combinesWithCode },
  };
}

export async function createPromotion(input: PromotionInput): Promise<string> {
  const db = await getDb();
  const id = randomUUID();
  await db.insert(promotions).values({ id, ...(await rowValues(input, null)) });
  // The checkout's figures kept for each cart show the automatic discounts anew.
  siteChanged("settings");
  return id;
}

export async function updatePromotion(id: string, input: PromotionInput): Promise<void> {
  const db = await getDb();
  const values = await rowValues(input, id);
  const [updated] = await db
    .update(promotions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id });
  if (!updated) throw new DomainError("discount.not_found");
  siteChanged("settings");
}

/** Pause, resume or end a promotion; an ended one stays ended (its reports keep it). */
export async function setPromotionStatus(id: string, status: PromotionStatus): Promise<void> {
  const db = await getDb();
  const [updated] = await db
    .update(promotions)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(promotions.id, id), ne(promotions.status, "ended")))
    .returning({ id: promotions.id });
  if (!updated) throw new DomainError("discount.not_found");
  siteChanged("settings");
}

export const PROMOTIONS_CSV_HEADER = [
  "name",
  "code",
  "kind",
  "status",
  "starts",
  "ends",
  "uses",
  "paid_orders",
  "sales_net",
  "discount_given",
];

/** Each promotion's figures for the accountant, as the orders CSV writes them (RFC 4180, dollars as decimals). */
export async function promotionsCsv(): Promise<string> {
  const rows = await listPromotions();
  return [
    csvRow(PROMOTIONS_CSV_HEADER),
    ...rows.map((row) =>
      csvRow([
        row.name,
        row.code ?? "",
        row.kind,
        row.status,
        studioDateTime(row.startsAt),
        studioDateTime(row.endsAt),
        row.uses,
        row.paidOrders,
        decimal(row.salesCents),
        decimal(row.discountCents),
      ]),
    ),
  ].join("");
}
