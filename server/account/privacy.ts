import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";

const { user, session, orders, orderLines, orderEvents, contactMessages } = tables;

/**
 * The account that deleted accounts' orders point to. Orders are accounting records and are kept
 * (Quebec and Canada ask for six years); once their buyer is gone they belong to nobody. It has no
 * password and an empty e-mail, so nobody can sign in as it or sign up with its address.
 */
export const DELETED_ACCOUNT_ID = "deleted-account";

/** Everything the site keeps about a person, as one JSON document (Law 25's right of access). */
export async function exportAccountData(userId: string) {
  const db = await getDb();
  const [account] = await db.select().from(user).where(eq(user.id, userId));
  if (!account) throw new DomainError("account.not_found");
  const sessions = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  const orderRows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const ids = orderRows.map((order) => order.id);
  const lines = ids.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)) : [];
  const events = ids.length ? await db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)) : [];
  const messages = await db
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = lower(${account.email})`)
    .orderBy(asc(contactMessages.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      username: account.username,
      email: account.email,
      role: account.role,
      createdAt: account.createdAt.toISOString(),
    },
    // No address book yet: delivery addresses, when orders keep them, are part of each order.
    addresses: [] as unknown[],
    sessions: sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
    orders: orderRows.map((order) => ({
      id: order.id,
      status: order.status,
      totalCents: order.totalCents,
      currency: order.currency,
      locale: order.locale,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ item: line.itemSlug, name: line.itemName, unitPriceCents: line.unitPriceCents, quantity: line.quantity })),
      history: events
        .filter((event) => event.orderId === order.id)
        .map((event) => ({ status: event.status, note: event.note, at: event.createdAt.toISOString() })),
    })),
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      phone: message.phone,
      projectType: message.projectType,
      message: message.message,
      newsletter: message.newsletter,
      newsletterConsentAt: message.newsletterConsentAt?.toISOString() ?? null,
      newsletterConsentText: message.newsletterConsentText,
      locale: message.locale,
      sentAt: message.createdAt.toISOString(),
    })),
    // What the studio's staff did to the account by hand (customer_events): what and when, not who.
    staffActions: (
      await db.select().from(tables.customerEvents).where(eq(tables.customerEvents.userId, userId)).orderBy(asc(tables.customerEvents.createdAt))
    ).map((event) => ({ kind: event.kind, at: event.createdAt.toISOString() })),
  };
}

export type AccountData = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Deletes an account after the person typed its e-mail address: the account, its sessions and
 * sign-in methods go; its orders stay, moved to the deleted account (their lines keep what was sold
 * and charged, never who bought it). The studio's last admin cannot delete themself.
 */
export async function deleteAccount(userId: string, typedEmail: unknown): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Locked like a demotion (server/admin/staff.ts), so two admins leaving at once leave one.
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).for("update");
    const [account] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!account) throw new DomainError("account.not_found");
    const typed = typeof typedEmail === "string" ? typedEmail.trim().slice(0, 320).toLowerCase() : "";
    if (typed !== account.email.toLowerCase()) throw new DomainError("account.email_mismatch", { field: "email" });
    if (account.role === "admin" && admins.length <= 1) throw new DomainError("account.last_admin");

    await tx
      .insert(user)
      .values({ id: DELETED_ACCOUNT_ID, username: "Deleted account", email: "", role: "user" })
      .onConflictDoNothing({ target: user.id });
    await tx.update(orders).set({ userId: DELETED_ACCOUNT_ID, updatedAt: new Date() }).where(eq(orders.userId, userId));
    await tx.delete(user).where(and(eq(user.id, userId), ne(user.id, DELETED_ACCOUNT_ID)));
  });
}
