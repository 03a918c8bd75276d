import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite } from "../server/db/client.ts";
import { outbox, user } from "../server/db/schema.ts";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-cli-"));
const createAdmin = (...args: string[]) =>
  run(process.execPath, ["scripts/create-admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SAMPLE_DATA: "off" },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

describe("npm run create-admin", () => {
  it("creates an admin, then promotes an existing account without touching its password", async () => {
    const created = await createAdmin(
      "--email",
      "Owner@Studio.test",
      "--password",
      "long-password",
      "--username",
      "Owner",
    );
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain("Created the admin account owner@studio.test.");
    const again = await createAdmin("--email", "owner@studio.test");
    expect(again.code).toBe(0);
    expect(again.out).toContain("already had an account: it is now an admin");
  }, 60_000);

  it("works before the site's first start, and makes a verified account with no e-mail queued", async () => {
    const created = await createAdmin("--email", "first@studio.test", "--password", "long-password");
    expect(created.code, created.out).toBe(0);
    expect(created.out).not.toContain("Verify your email address");
    const connection = await openPglite(path.join(dataDir, "pglite"));
    try {
      const [account] = await connection.db
        .select({ role: user.role, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.email, "first@studio.test"));
      expect(account).toEqual({ role: "admin", emailVerified: true });
      expect(await connection.db.select().from(outbox).where(eq(outbox.to, "first@studio.test"))).toEqual([]);
    } finally {
      await connection.close();
    }
  }, 60_000);

  it("refuses a missing e-mail or a short password with a clear message", async () => {
    expect(await createAdmin("--password", "long-password")).toMatchObject({
      code: 1,
      out: expect.stringContaining("A valid --email is required"),
    });
    expect(await createAdmin("--email", "new@studio.test", "--password", "abc")).toMatchObject({
      code: 1,
      out: expect.stringContaining("--password must be at least 6 characters"),
    });
  }, 60_000);
});
