import { describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { call, signUpUser } from "../support/api.ts";
import { eq } from "drizzle-orm";

/** Every text has a ceiling: an account's username and e-mail on every way in (issue: a 100,000-character username was stored). */
describe("account text limits", () => {
  it("refuses an over-long username at sign-up and on update, and stores nothing", async () => {
    const email = "long-name@example.test";
    const signUp = await call("/api/auth/sign-up/email", {
      body: { name: "n".repeat(5_000), email, password: "correct-horse" },
      ip: "198.51.100.200",
    });
    expect(signUp.status).toBe(400);
    expect(((await signUp.json()) as { message: string }).message).toContain("50 characters");
    const db = await getDb();
    expect(await db.select().from(tables.user).where(eq(tables.user.email, email))).toHaveLength(0);

    const user = await signUpUser();
    const update = await call("/api/auth/update-user", { cookie: user.cookie, body: { name: "n".repeat(51) } });
    expect(update.status).toBe(400);
    const [row] = await db.select({ name: tables.user.username }).from(tables.user).where(eq(tables.user.id, user.id));
    expect(row!.name.length).toBeLessThanOrEqual(50);
    expect(
      (await call("/api/auth/update-user", { cookie: user.cookie, body: { name: "Fifty".padEnd(50, "!") } })).status,
    ).toBe(200);
  });

  it("refuses a username or e-mail that is not text (null, a number, a list), and keeps the account as it was", async () => {
    const user = await signUpUser();
    const db = await getDb();
    const nameOf = async () =>
      (await db.select({ name: tables.user.username }).from(tables.user).where(eq(tables.user.id, user.id)))[0]!.name;
    const before = await nameOf();
    for (const name of [null, 42, ["x"], { first: "x" }]) {
      const update = await call("/api/auth/update-user", { cookie: user.cookie, body: { name } });
      expect(update.status).toBe(400);
    }
    const signUp = await call("/api/auth/sign-up/email", {
      body: { name: null, email: "null-name@example.test", password: "correct-horse" },
      ip: "198.51.100.202",
    });
    expect(signUp.status).toBe(400);
    expect(await nameOf()).toBe(before);
  });

  it("refuses an over-long e-mail", async () => {
    const response = await call("/api/auth/sign-up/email", {
      body: { name: "x", email: `${"a".repeat(250)}@example.test`, password: "correct-horse" },
      ip: "198.51.100.201",
    });
    expect(response.status).toBe(400);
  });
});
