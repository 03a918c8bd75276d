import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import tar from "tar-stream";
import { openPglite, openPostgres } from "../db/client.ts";
import { lockDataDir } from "../db/pglite-lock.ts";
import {
  ARCHIVE_FORMAT,
  AUTH_SECRET_PART,
  DATABASE_PART,
  MANIFEST_PART,
  migrationJournal,
  type Manifest,
} from "./manifest.ts";
import { linesOf, sqlStatements } from "./sql-statements.ts";
import { isFilePart, putFile, storesHoldFiles, type FileStores } from "./stored-files.ts";

/** A restore that must not go ahead; nothing has been written when it is thrown. */
export class RestoreRefused extends Error {}

export type RestoreTarget = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export type RestoreOptions = {
  archive: string;
  target: RestoreTarget;
  stores: FileStores;
  /** DATA_DIR: the auth secret is written there (.auth-secret). */
  dataDir: string;
  /** Replaces a database that holds tables, and writes over files already stored. */
  force?: boolean;
  say?: (line: string) => void;
};

const MANIFEST_LIMIT = 64 * 1024 * 1024;

async function eachPart(
  archive: string,
  visit: (name: string, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(archive).pipe(createGunzip());
  source.on("error", (error) => extract.destroy(error));
  source.pipe(extract);
  for await (const entry of extract) {
    if (entry.header.type !== "file")
      throw new RestoreRefused(`The archive holds ${entry.header.name}, which is not a file.`);
    await visit(entry.header.name, entry as AsyncIterable<Buffer>);
  }
}

async function sha256Of(content: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of content) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

/**
 * Reads the whole archive once and checks it against its manifest: every part listed, none more,
 * each of the listed size and sha256, a migration this build knows. Writes nothing.
 */
export async function verifyArchive(archive: string): Promise<Manifest> {
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifestText: string | undefined;
  try {
    await eachPart(archive, async (name, content) => {
      if (seen.has(name) || (name === MANIFEST_PART && manifestText !== undefined))
        throw new RestoreRefused(`The archive holds ${name} twice: it was not made by npm run backup.`);
      if (name === MANIFEST_PART) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of content) {
          size += chunk.length;
          if (size > MANIFEST_LIMIT) throw new RestoreRefused("The archive's manifest is too large to be one.");
          chunks.push(chunk);
        }
        manifestText = Buffer.concat(chunks).toString("utf8");
      } else {
        seen.set(name, await sha256Of(content));
      }
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `The archive is damaged or incomplete (${(error as Error).message}): it cannot be read to its end.`,
    );
  }
  if (manifestText === undefined)
    throw new RestoreRefused("The archive has no manifest: it is incomplete, or not a backup of this site.");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new RestoreRefused("The archive's manifest is not readable: the archive was damaged or edited.");
  }
  if (manifest.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.parts))
    throw new RestoreRefused(`The archive's format (${String(manifest.format)}) is not one this version reads.`);

  const listed = new Set<string>();
  for (const part of manifest.parts) {
    listed.add(part.name);
    const found = seen.get(part.name);
    if (!found) throw new RestoreRefused(`The archive lacks ${part.name}, which its manifest lists.`);
    if (found.size !== part.size || found.sha256 !== part.sha256)
      throw new RestoreRefused(`${part.name} does not match its checksum: the archive was damaged or edited.`);
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new RestoreRefused(`The archive holds ${name}, which its manifest does not list.`);
    if (name !== DATABASE_PART && name !== AUTH_SECRET_PART && !isFilePart(name))
      throw new RestoreRefused(`The archive holds ${name}, which is not a part of a backup.`);
  }
  if (!seen.has(DATABASE_PART)) throw new RestoreRefused("The archive holds no database.");

  const known = migrationJournal().map((entry) => entry.tag);
  if (!known.includes(manifest.lastMigration))
    throw new RestoreRefused(
      `The archive was made by a newer version of the site (its database is at ${manifest.lastMigration}; ` +
        `this version knows up to ${known.at(-1)}): update this site first, then restore.`,
    );
  return manifest;
}

/** Restores an archive onto an empty target, checked whole before the first write. */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const say = options.say ?? (() => undefined);
  const manifest = await verifyArchive(options.archive);
  say(`The archive is whole: ${manifest.parts.length} parts, made ${manifest.createdAt} at ${manifest.lastMigration}.`);
  if (!options.force) await refuseUnlessEmpty(options);

  const database = await openTarget(options.target, options.force ?? false);
  const expected = new Map(manifest.parts.map((part) => [part.name, part]));
  try {
    await database.exec("begin");
    await eachPart(options.archive, async (name, content) => {
      if (name === MANIFEST_PART) {
        for await (const chunk of content) void chunk;
        return;
      }
      const hash = createHash("sha256");
      const hashed = (async function* () {
        for await (const chunk of content) {
          hash.update(chunk);
          yield chunk;
        }
      })();
      if (name === DATABASE_PART) {
        await loadDump(database, hashed);
      } else {
        const chunks: Buffer[] = [];
        for await (const chunk of hashed) chunks.push(chunk);
        const body = Buffer.concat(chunks);
        if (name === AUTH_SECRET_PART) {
          await mkdir(options.dataDir, { recursive: true });
          await writeFile(path.join(options.dataDir, ".auth-secret"), body, { mode: 0o600 });
          await chmod(path.join(options.dataDir, ".auth-secret"), 0o600);
        } else {
          await putFile(options.stores, name, body);
        }
      }
      if (hash.digest("hex") !== expected.get(name)?.sha256)
        throw new Error(`${name} changed while it was being restored: the archive is being written to.`);
    });
    await database.exec("commit");
  } catch (error) {
    await database.exec("rollback").catch(() => undefined);
    throw error;
  } finally {
    await database.close();
  }
  say("Loaded the database and the files; bringing the database up to this version's migrations.");
  const connection =
    options.target.kind === "pglite"
      ? await openLockedPglite(options.target.dir)
      : await openPostgres(options.target.url);
  try {
    await connection.migrate();
  } finally {
    await connection.close();
  }
  return manifest;
}

async function openLockedPglite(dir: string) {
  const unlock = lockDataDir(dir);
  const connection = await openPglite(dir);
  return { ...connection, close: () => connection.close().finally(unlock) };
}

async function refuseUnlessEmpty(options: RestoreOptions): Promise<void> {
  const target = options.target;
  if (target.kind === "pglite") {
    const entries = await readdir(target.dir).catch(() => [] as string[]);
    if (entries.length > 0)
      throw new RestoreRefused(
        `${target.dir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it.`,
      );
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      );
      if (rows[0].n > 0)
        throw new RestoreRefused(
          "The PostgreSQL database (DATABASE_URL) already holds tables: restore into an empty database, or add --force to replace them.",
        );
    } finally {
      await client.end();
    }
  }
  if (await storesHoldFiles(options.stores))
    throw new RestoreRefused(
      "The file storage (DATA_DIR/media, DATA_DIR/quote-files or the S3 bucket) already holds files: restore onto an empty one, or add --force.",
    );
}

type TargetDatabase = {
  exec: (sql: string) => Promise<unknown>;
  settingNames: () => Promise<Set<string>>;
  close: () => Promise<void>;
};

async function openTarget(target: RestoreTarget, force: boolean): Promise<TargetDatabase> {
  if (target.kind === "pglite") {
    const unlock = lockDataDir(target.dir);
    try {
      if (force) {
        for (const entry of await readdir(target.dir))
          if (entry !== "studio.pid") await rm(path.join(target.dir, entry), { recursive: true, force: true });
      }
      const client = await PGlite.create({ dataDir: target.dir, extensions: { pg_trgm } });
      return {
        exec: (sql) => client.exec(sql),
        settingNames: async () =>
          new Set((await client.query<{ name: string }>("select name from pg_settings")).rows.map((r) => r.name)),
        close: () => client.close().finally(unlock),
      };
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  if (force)
    await client.query(
      "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public",
    );
  return {
    exec: (sql) => client.query(sql),
    settingNames: async () =>
      new Set((await client.query<{ name: string }>("select name from pg_settings")).rows.map((r) => r.name)),
    close: () => client.end(),
  };
}

const BATCH_BYTES = 1024 * 1024;
const SET_STATEMENT = /^SET\s+([a-z_.]+)\s*=/i;

/** Runs the dump's statements in batches; a setting the target does not know (a newer pg_dump's) is left out. */
async function loadDump(database: TargetDatabase, content: AsyncIterable<Buffer>): Promise<void> {
  const settings = await database.settingNames();
  let batch: string[] = [];
  let size = 0;
  for await (const statement of sqlStatements(linesOf(content))) {
    const setting = SET_STATEMENT.exec(statement)?.[1];
    if (setting && !setting.includes(".") && !settings.has(setting.toLowerCase())) continue;
    batch.push(statement);
    size += statement.length;
    if (size >= BATCH_BYTES) {
      await database.exec(batch.join("\n"));
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await database.exec(batch.join("\n"));
}
