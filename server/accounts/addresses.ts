import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { getDb } from "../db/index.ts";
import { addresses } from "../db/schema.ts";
import { DomainError } from "../errors.ts";
import { validateAddress, type Address } from "../../domain/address.ts";
import type { Province } from "../../domain/provinces.ts";

/**
 * A signed-in buyer's saved addresses (decision 029): at most MAX_ADDRESSES, exactly one default when any.
 * Refusals: `address.invalid` (the AddressFieldError of each field), `address.not_found` (none with
 * this id for this buyer), `address.too_many`.
 */
export const MAX_ADDRESSES = 10;

export type SavedAddress = Address & { id: string; isDefault: boolean };

function toSaved(row: typeof addresses.$inferSelect): SavedAddress {
  return {
    id: row.id,
    fullName: row.fullName,
    line1: row.line1,
    line2: row.line2 ?? undefined,
    city: row.city,
    province: row.province as Province,
    postalCode: row.postalCode,
    phone: row.phone ?? undefined,
    country: "CA",
    isDefault: row.isDefault,
  };
}

function valid(input: unknown): Address {
  const result = validateAddress(input);
  if (!result.ok) throw new DomainError("address.invalid", { fields: result.errors });
  return result.value;
}

const columns = (address: Address) => ({
  fullName: address.fullName,
  line1: address.line1,
  line2: address.line2 ?? null,
  city: address.city,
  province: address.province,
  postalCode: address.postalCode,
  phone: address.phone ?? null,
});

/** The default first, then the newest. */
export async function listAddresses(userId: string): Promise<SavedAddress[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id));
  return rows.map(toSaved);
}

/** One of the buyer's saved addresses, or null when there is none with this id for this buyer. */
export async function savedAddress(userId: string, id: string): Promise<SavedAddress | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  return row ? toSaved(row) : null;
}

export async function addAddress(userId: string, input: unknown, makeDefault = false): Promise<SavedAddress> {
  const address = valid(input);
  const db = await getDb();
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .for("update");
    if (existing.length >= MAX_ADDRESSES) throw new DomainError("address.too_many", { count: MAX_ADDRESSES });
    const isDefault = makeDefault || existing.length === 0;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    await tx.insert(addresses).values({ id, userId, ...columns(address), isDefault });
  });
  return (await listAddresses(userId)).find((a) => a.id === id)!;
}

export async function updateAddress(userId: string, id: string, input: unknown): Promise<SavedAddress> {
  const address = valid(input);
  const db = await getDb();
  const [row] = await db
    .update(addresses)
    .set({ ...columns(address), updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw new DomainError("address.not_found");
  return toSaved(row);
}

export async function setDefaultAddress(userId: string, id: string): Promise<void> {
  const db = await getDb();
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) return false;
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
    return true;
  });
  if (!found) throw new DomainError("address.not_found");
}

/** Deleting the default makes the newest remaining address the default. */
export async function deleteAddress(userId: string, id: string): Promise<void> {
  const db = await getDb();
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) return false;
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return true;
  });
  if (!found) throw new DomainError("address.not_found");
}
