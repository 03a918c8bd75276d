import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { PASSWORD_MIN_LENGTH } from "../domain/auth-rules.ts";
import { getAuth } from "../server/auth/auth.ts";
import { closeDatabase, getDb, tables } from "../server/db/index.ts";
import { stopMailer } from "../server/mail/mailer.ts";

const usage = "Usage: npm run create-admin -- --email E --password P [--username U]";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, username: { type: "string" } },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`A valid --email is required.\n${usage}`);

try {
  const db = await getDb();
  const [existing] = await db.select().from(tables.user).where(eq(tables.user.email, email));
  if (existing) {
    // The operator names the owner's own address: it needs no link to prove it.
    await db
      .update(tables.user)
      .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
      .where(eq(tables.user.id, existing.id));
    console.log(`${email} already had an account: it is now an admin (its password is unchanged).`);
  } else {
    const password = values.password ?? "";
    if (password.length < PASSWORD_MIN_LENGTH)
      fail(`--password must be at least ${PASSWORD_MIN_LENGTH} characters.\n${usage}`);
    // Made directly, not through sign-up: the owner's own address needs no verification link,
    // so no e-mail is queued for it.
    const context = await (await getAuth()).$context;
    const user = await context.internalAdapter.createUser(
      { name: values.username?.trim() || email.split("@")[0], email, emailVerified: true, role: "admin" },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(password),
    });
    console.log(`Created the admin account ${email}.`);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await stopMailer();
  await closeDatabase();
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
