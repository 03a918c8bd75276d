import { and, eq, ne } from "drizzle-orm";
import { getDb, tables } from "../db/index.ts";
import { reownOrderQuotes } from "../quotes/workflow.ts";
import { removeUnusedQuoteFiles } from "../quotes/housekeeping.ts";
import { log } from "../log.ts";
import { eraseOrderPersonalData } from "../orders/guest-privacy.ts";
import { DomainError } from "../errors.ts";
import { distrustCachedSessions } from "../auth/cache-revocations.ts";

const { user, orders, quotes } = tables;

/**
 * The account that deleted accounts' orders point to. Orders are accounting records and are kept
 * (Quebec and Canada ask for six years); once their buyer is gone they belong to nobody. It has no
 * password and an empty e-mail, so nobody can sign in as it or sign up with its address.
 */
export const DELETED_ACCOUNT_ID = "deleted-account";

/**
 * Deletes an account after the person typed its e-mail address: the account, its sessions and
 * sign-in methods go; its orders and their custom parts stay, moved to the deleted account, their
 * contacts (and a finished order's name, street and phone) erased: their lines keep what was sold
 * and charged, never who bought it. The studio's last admin cannot delete themself.
 */
export async function deleteAccount(userId: string, typedEmail: unknown): Promise<void> {
  const db = await getDb();
  const quoteFileIds = await db.transaction(async (tx) => {
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
    // The person's details leave its orders (a guest order it took included); the records stay.
    const theirs = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    await eraseOrderPersonalData(
      tx,
      theirs.map((order) => order.id),
    );
    await tx.update(orders).set({ userId: DELETED_ACCOUNT_ID, updatedAt: new Date() }).where(eq(orders.userId, userId));
    // The parts of those orders (paid, in production, or kept as records) stay with them.
    await reownOrderQuotes(tx, userId, DELETED_ACCOUNT_ID);
    // The other quotes go with the account (a cascade); their files follow below.
    const left = await tx.select({ fileId: quotes.fileId }).from(quotes).where(eq(quotes.userId, userId));
    await tx.delete(user).where(and(eq(user.id, userId), ne(user.id, DELETED_ACCOUNT_ID)));
    return left.map((quote) => quote.fileId);
  });
  // Its sessions went with the account (a cascade, not better-auth): no cached copy stays trusted.
  distrustCachedSessions(userId);
  // A file left by a failure here is removed by the hourly cleanup, 30 days after its upload (quotes/housekeeping.ts).
  await removeUnusedQuoteFiles(quoteFileIds).catch((error) =>
    log().error({ err: error }, "The deleted account's 3D files could not be removed yet"),
  );
}
