import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signUpUser, type TestUser } from "../support/api.ts";
import { loadSite } from "../support/site.ts";

/** Admin → Backups as a browser without JavaScript uses it: "Back up now", the list, a download. */
let site: { app: Hono; close: () => Promise<void> };
let admin: TestUser;
let buyer: TestUser;
let dataDir: string;
beforeAll(async () => {
  // The site reads its settings when loaded: its archives go to a folder of this file's own.
  dataDir = await mkdtemp(path.join(tmpdir(), "studio-admin-backups-"));
  process.env.DATA_DIR = dataDir;
  site = await loadSite();
  admin = await signUpUser("admin");
  buyer = await signUpUser("user");
}, 60_000);
afterAll(() => site.close());

const get = (address: string, cookie?: string) =>
  site.app.request(`${ORIGIN}${address}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const post = (address: string, fields: [string, string][], cookie = admin.cookie) =>
  site.app.request(`${ORIGIN}${address}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

let archiveName: string;

describe("Admin → Backups", () => {
  it("says no backup has succeeded yet, in both languages", async () => {
    expect(await (await get("/admin/backups", admin.cookie)).text()).toContain("No backup has succeeded yet");
    const french = await (await get("/fr/admin/backups", admin.cookie)).text();
    expect(french).toContain("Aucune sauvegarde n’a encore réussi");
    expect(french).toContain("npm run restore");
  });

  it('"Back up now" writes an archive, which the list shows with its migration', async () => {
    const answer = await post("/admin/backups", [["intent", "backup"]]);
    expect(answer.status).toBe(200);
    const page = await answer.text();
    archiveName = /Backup written: (studio-[^<]+\.tar\.gz)\./.exec(page)![1]!;
    const list = await (await get("/admin/backups", admin.cookie)).text();
    expect(list).toContain("Last successful backup");
    expect(list).toContain(`/admin/backups/${archiveName}`);
    expect(list).toMatch(/\d{4}_[a-z_]+/); // the last migration, from the archive's manifest
    expect(list).toContain("BACKUP_KEEP_DAILY");
  });

  it("an unknown intent is a 400, not a backup", async () => {
    expect((await post("/admin/backups", [["intent", "delete"]])).status).toBe(400);
  });

  it("downloads the archive to an admin, streamed byte for byte", async () => {
    const download = await get(`/admin/backups/${archiveName}`, admin.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${archiveName}"`);
    expect(download.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(await readFile(path.join(dataDir, "backups", archiveName)))).toBe(true);
  });

  it("answers 404 to a name that is not one of its archives, and never reads a path", async () => {
    for (const name of [
      "studio-2020-01-01T00-00-00-000Z.tar.gz",
      "..%2F.auth-secret",
      "%2Fetc%2Fpasswd",
      `${archiveName}.json`,
    ])
      expect((await get(`/admin/backups/${name}`, admin.cookie)).status).toBe(404);
  });

  it("is an admin's only: a customer goes home, a visitor to log in", async () => {
    for (const address of ["/admin/backups", `/admin/backups/${archiveName}`, `/fr/admin/backups/${archiveName}`]) {
      const asBuyer = await get(address, buyer.cookie);
      expect(asBuyer.status).toBe(302);
      expect(asBuyer.headers.get("location")).toMatch(/^\/(fr)?$/);
      const anonymous = await get(address);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/(fr\/)?login\?redirectTo=/);
    }
    const posted = await post("/admin/backups", [["intent", "backup"]], buyer.cookie);
    expect(posted.status).toBe(302);
  });
});
