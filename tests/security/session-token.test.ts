import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, tables } from "../../server/db/index.ts";
import { call, signUpUser } from "../support/api.ts";

/**
 * No usable credential for JavaScript: the session's token never reaches the page, and a bearer
 * token is accepted only as signed by sign-in (a script that reads the raw token gets nothing).
 */
describe("session tokens", () => {
  it("get-session gives a page no token, in its body or its headers", async () => {
    const user = await signUpUser();
    const response = await call("/api/auth/get-session", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text).user.id).toBe(user.id);
    expect(text).not.toMatch(/"token"/);
    expect(response.headers.get("set-auth-token")).toBeNull();
    const db = await getDb();
    const [session] = await db.select().from(tables.session).where(eq(tables.session.userId, user.id));
    expect(text).not.toContain(session!.token);
  });

  it("refuses the raw session token as a bearer, and accepts the signed one that sign-in gives", async () => {
    const user = await signUpUser();
    const db = await getDb();
    const [session] = await db.select().from(tables.session).where(eq(tables.session.userId, user.id));
    expect((await call("/api/me", { bearer: session!.token })).status).toBe(401);
    expect(user.token).toContain(".");
    expect((await call("/api/me", { bearer: user.token })).status).toBe(200);
  });
});
