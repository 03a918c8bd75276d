import { and, asc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { DELETED_ACCOUNT_ID } from "../accounts/privacy.ts";
import type { Role } from "../../domain/auth-rules.ts";
import { getDb, tables } from "../db/index.ts";
import { DomainError } from "../errors.ts";
import { distrustCachedSessions } from "../auth/cache-revocations.ts";

const { user } = tables;

export type StaffMember = { id: string; username: string; email: string; role: Role; createdAt: string };

/** Accounts, admins first, then by name. */
export async function listStaff(q?: string): Promise<StaffMember[]> {
  const db = await getDb();
  const text = q?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(user)
    .where(
      and(
        ne(user.id, DELETED_ACCOUNT_ID),
        pattern ? or(ilike(user.username, pattern), ilike(user.email, pattern)) : undefined,
      ),
    )
    .orderBy(sql`case when ${user.role} = 'admin' then 0 else 1 end`, asc(sql`lower(${user.username})`))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role === "admin" ? "admin" : "user",
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Promotes or demotes an account. The admins are locked for the duration of the change, so two
 * admins demoting each other at the same moment cannot leave the studio without one.
 */
export async function setRole(actorId: string, userId: string, role: unknown): Promise<StaffMember> {
  if (role !== "admin" && role !== "user") {
    throw new DomainError("staff.invalid_role", { fields: { role: "invalid" } });
  }
  const db = await getDb();
  const member = await db.transaction(async (tx) => {
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).for("update");
    // The one asking may have lost the role a moment ago (another admin's change).
    if (!admins.some((row) => row.id === actorId)) throw new DomainError("staff.admin_required");
    const [target] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!target) throw new DomainError("staff.user_not_found");
    if (role === "user" && target.role === "admin" && admins.length <= 1) {
      throw new DomainError("staff.last_admin");
    }
    const [row] = await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId)).returning();
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      role,
      createdAt: row.createdAt.toISOString(),
    } satisfies StaffMember;
  });
  // The header's admin link and every cached "signed in as" follow the new role at once.
  distrustCachedSessions(userId);
  return member;
}
