import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import { mkdtemp, readdir, readFile, stat, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import tar from "tar-stream";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { paidInSandbox, placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { openPglite, openPostgres, type Connection } from "../db/client.ts";
import { connectDatabase, tables } from "../db/index.ts";
import { localMediaStorage } from "../media/storage.ts";
import { localFileStore } from "../quotes/file-store.ts";
import { createBackup, type BackupSource } from "./create-backup.ts";
import { quoteIdentifier } from "./database-dump.ts";
import { MANIFEST_PART, type Manifest } from "./manifest.ts";
import { restoreBackup, RestoreRefused, type RestoreTarget } from "./restore-backup.ts";
import { answerBackupRequests, answeringSite, askRunningSite, copyOfOpenPglite } from "./running-site.ts";
import type { FileStores } from "./stored-files.ts";

const run = promisify(execFile);
const root = await mkdtemp(path.join(tmpdir(), "studio-backups-"));
const folder = (name: string) => path.join(root, name);
const storesIn = (dataDir: string): FileStores => ({
  media: localMediaStorage(path.join(dataDir, "media")),
  quoteFiles: localFileStore(path.join(dataDir, "quote-files")),
});
const pgliteTarget = (dataDir: string): RestoreTarget => ({ kind: "pglite", dir: path.join(dataDir, "pglite") });

const source = storesIn(folder("source"));
const files = {
  picture: `${randomUUID()}/640.webp`,
  model: `item-models/${randomUUID()}.stl`,
  quoteFile: `${randomUUID()}.stl`,
};
let archive: string;
let manifest: Manifest;
let orderId: string;
let buyerId: string;

async function sourceOfThisFile(connection: Connection): Promise<BackupSource> {
  if (connection.kind === "pglite")
    return {
      kind: "pglite-copy",
      copy: await copyOfOpenPglite((connection.db as unknown as { $client: PGlite }).$client),
    };
  return { kind: "postgres", url: process.env.TEST_FILE_DATABASE_URL! };
}

/** Every table's rows as text, in a stable order. */
async function everyRow(query: (text: string) => Promise<{ rows: unknown[] }>, tableNames: string[]) {
  const all: Record<string, string[]> = {};
  for (const name of tableNames) {
    const [schema, table] = name.split(".");
    const { rows } = await query(
      `select to_jsonb(t)::text as row from ${quoteIdentifier(schema)}.${quoteIdentifier(table)} t order by 1`,
    );
    all[name] = (rows as { row: string }[]).map((r) => r.row);
  }
  return all;
}

async function rowsOfConnection(connection: Connection, tableNames: string[]) {
  return everyRow(
    async (text) => ({ rows: ((await connection.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows }),
    tableNames,
  );
}

async function storedBytes(stores: FileStores): Promise<Record<string, string>> {
  const bytes: Record<string, string> = {};
  for await (const key of stores.media.list())
    bytes[`media/${key}`] = Buffer.from((await stores.media.get(key))!.body).toString("base64");
  for await (const key of stores.quoteFiles.list())
    bytes[`quote/${key}`] = Buffer.from((await stores.quoteFiles.get(key))!).toString("base64");
  return bytes;
}

/** A copy of the archive with its parts changed by `edit` (the manifest left as it was unless edited too). */
async function rewritten(from: string, edit: (name: string, body: Buffer) => Buffer): Promise<string> {
  const to = folder(`edited-${randomUUID()}.tar.gz`);
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(to));
  createReadStream(from).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = edit(entry.header.name, Buffer.concat(chunks));
    pack.entry({ name: entry.header.name, size: body.length }, body);
  }
  pack.finalize();
  await written;
  return to;
}

async function nothingWrittenIn(dataDir: string) {
  expect(await readdir(dataDir).catch(() => [])).toEqual([]);
}

async function restoreRefused(archivePath: string, dataDir: string, message: RegExp) {
  const attempt = restoreBackup({
    archive: archivePath,
    target: pgliteTarget(dataDir),
    stores: storesIn(dataDir),
    dataDir,
  });
  await expect(attempt).rejects.toThrow(RestoreRefused);
  await expect(attempt).rejects.toThrow(message);
}

beforeAll(async () => {
  const buyer = await signUpUser();
  buyerId = buyer.id;
  await seedItems([{ id: "backup-item", stock: 5, priceCents: 2500 }]);
  const db = (await connectDatabase()).db;
  // Text a naive SQL splitter would break: a ";" at a line's end inside a string, CR LF, quotes, dollars.
  await db
    .update(tables.inventoryItems)
    .set({ translations: { en: { name: "Ugly; 'name'", description: "one;\r\ntwo $$ three $x$ 'q'\n;" } } })
    .where(eq(tables.inventoryItems.id, "backup-item"));
  const placed = await placeOrderCall(buyer, [{ itemId: "backup-item", quantity: 2 }]);
  expect(placed.status).toBe(201);
  orderId = placed.body.order.id as string;
  await paidInSandbox(orderId);
  await source.media.put(files.picture, randomBytes(5000), "image/webp");
  await source.media.put(files.model, randomBytes(70_000), "application/octet-stream");
  await source.quoteFiles.put(files.quoteFile, randomBytes(12_345));

  ({ file: archive, manifest } = await createBackup({
    source: await sourceOfThisFile(await connectDatabase()),
    stores: source,
    authSecret: "the-studio-auth-secret",
    folder: folder("source/backups"),
  }));
});

describe("npm run backup", () => {
  it("writes one owner-only archive whose manifest counts the rows and lists every part", async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await stat(folder("source/backups"))).mode & 0o777).toBe(0o700);
    expect(manifest.rowCounts["public.orders"]).toBe(1);
    expect(manifest.rowCounts["public.order_lines"]).toBeGreaterThanOrEqual(1);
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.parts.map((part) => part.name).sort()).toEqual(
      [
        "auth-secret",
        "database.sql",
        `files/media/${files.model}`,
        `files/media/${files.picture}`,
        `files/quote-files/${files.quoteFile}`,
      ].sort(),
    );
  });
});

describe("npm run restore", () => {
  const target = folder("restored");
  let restored: Connection;

  beforeAll(async () => {
    await restoreBackup({ archive, target: pgliteTarget(target), stores: storesIn(target), dataDir: target });
    restored = await openPglite(path.join(target, "pglite"));
    return () => restored.close();
  });

  it("brings back every table's rows and every file byte for byte, and the auth secret", async () => {
    const names = Object.keys(manifest.rowCounts);
    const before = await rowsOfConnection(await connectDatabase(), names);
    const after = await rowsOfConnection(restored, names);
    expect(after).toEqual(before);
    expect(await storedBytes(storesIn(target))).toEqual(await storedBytes(source));
    expect(await readFile(path.join(target, ".auth-secret"), "utf8")).toBe("the-studio-auth-secret");
    expect(statSync(path.join(target, ".auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("keeps the order, its lines and the buyer's session as they were", async () => {
    const [order] = await restored.db.select().from(tables.orders).where(eq(tables.orders.id, orderId));
    expect(order.paymentReference).toBeTruthy();
    const lines = await restored.db.select().from(tables.orderLines).where(eq(tables.orderLines.orderId, orderId));
    expect(lines.map((line) => line.quantity)).toEqual([2]);
    const before = await (
      await connectDatabase()
    ).db
      .select()
      .from(tables.session)
      .where(eq(tables.session.userId, buyerId));
    const after = await restored.db.select().from(tables.session).where(eq(tables.session.userId, buyerId));
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it("refuses a target that already holds a database, unless forced", async () => {
    await restoreRefused(archive, target, /already holds a database/);
  });

  it("refuses a truncated archive and writes nothing", async () => {
    const cut = await rewritten(archive, (_name, body) => body);
    await truncate(cut, Math.floor((await stat(cut)).size / 2));
    await restoreRefused(cut, folder("after-truncated"), /damaged or incomplete/);
    await nothingWrittenIn(folder("after-truncated"));
  });

  it("refuses an archive with an edited part and writes nothing", async () => {
    const edited = await rewritten(archive, (name, body) => {
      if (name !== `files/media/${files.picture}`) return body;
      const copy = Buffer.from(body);
      copy[10] ^= 0xff;
      return copy;
    });
    await restoreRefused(edited, folder("after-edited"), /does not match its checksum/);
    await nothingWrittenIn(folder("after-edited"));
  });

  it("refuses an archive from a newer version of the site", async () => {
    const newer = await rewritten(archive, (name, body) =>
      name === MANIFEST_PART
        ? Buffer.from(JSON.stringify({ ...JSON.parse(body.toString()), lastMigration: "9999_from_the_future" }))
        : body,
    );
    await restoreRefused(newer, folder("after-newer"), /newer version of the site/);
    await nothingWrittenIn(folder("after-newer"));
  });

  it("backs up a stopped site's folder from the command line and restores it elsewhere", async () => {
    await restored.close();
    const env = { ...process.env, DATABASE_URL: "", S3_BUCKET: "", DATA_DIR: target };
    const backup = await run(process.execPath, ["scripts/backup.ts"], { env });
    expect(backup.stdout).toMatch(/not running: opened .* itself/);
    const written = /Backup written: (.*)/.exec(backup.stdout)![1];
    const again = folder("restored-again");
    const restore = await run(process.execPath, ["scripts/restore.ts", written], { env: { ...env, DATA_DIR: again } });
    expect(restore.stdout).toMatch(/Restored the backup/);
    restored = await openPglite(path.join(again, "pglite"));
    const names = Object.keys(manifest.rowCounts);
    expect(await rowsOfConnection(restored, names)).toEqual(await rowsOfConnection(await connectDatabase(), names));
  }, 180_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)("a running site on the embedded database", () => {
  it("hands npm run backup a copy of its database when asked, and stops answering when it stops", async () => {
    const dataDir = folder("running");
    const stop = await answerBackupRequests(await connectDatabase(), dataDir);
    try {
      expect(await answeringSite(dataDir)).toBe(process.pid);
      const copy = await askRunningSite(dataDir, process.pid, 30_000);
      const fromCopy = await createBackup({
        source: { kind: "pglite-copy", copy },
        stores: source,
        authSecret: "the-studio-auth-secret",
        folder: folder("running/backups"),
      });
      expect(fromCopy.manifest.rowCounts).toEqual(manifest.rowCounts);
    } finally {
      await stop();
    }
    expect(await answeringSite(dataDir)).toBeNull();
  });
});

// Under npm run test:postgres: an embedded database (the one restored above) backed up from its
// folder and restored onto a new PostgreSQL database.
describe.runIf(process.env.TEST_DATABASE_URL)("npm run restore onto PostgreSQL", () => {
  it("loads an archive into an empty PostgreSQL database with every row", { timeout: 120_000 }, async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `studio_restore_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    try {
      const dataDir = folder("onto-postgres");
      const embedded = await createBackup({
        source: { kind: "pglite-folder", dir: path.join(folder("restored"), "pglite") },
        stores: storesIn(folder("restored")),
        authSecret: "the-studio-auth-secret",
        folder: folder("restored/backups"),
      });
      expect(embedded.manifest.database.source).toBe("pglite");
      await restoreBackup({
        archive: embedded.file,
        target: { kind: "postgres", url: url.toString() },
        stores: storesIn(dataDir),
        dataDir,
      });
      const connection = await openPostgres(url.toString());
      const names = Object.keys(manifest.rowCounts);
      expect(await rowsOfConnection(connection, names)).toEqual(await rowsOfConnection(await connectDatabase(), names));
      await connection.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
