import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import tar from "tar-stream";
import { lockDataDir } from "../db/pglite-lock.ts";
import { dumpPglite, dumpPostgres, lastMigrationApplied } from "./database-dump.ts";
import {
  ARCHIVE_FORMAT,
  AUTH_SECRET_PART,
  backupFileName,
  DATABASE_PART,
  MANIFEST_PART,
  migrationJournal,
  siteIdentity,
  type Manifest,
  type Part,
} from "./manifest.ts";
import { writeArchiveSummary } from "./archives.ts";
import { storedFiles, type FileStores } from "./stored-files.ts";

export type BackupSource =
  /** The embedded database's folder, which this process opens itself (the site is not running). */
  | { kind: "pglite-folder"; dir: string }
  /** A copy of the embedded database that the running site handed over (running-site.ts). */
  | { kind: "pglite-copy"; copy: Blob }
  | { kind: "postgres"; url: string };

export type BackupOptions = {
  source: BackupSource;
  stores: FileStores;
  authSecret: string;
  /** DATA_DIR/backups: made owner-only. */
  folder: string;
  now?: Date;
};

/**
 * Writes one archive: the database as plain SQL (psql reads it), every stored file, the auth
 * secret and the manifest, streamed into a gzipped tar that is owner-only from its first byte and
 * takes its name only once complete.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const createdAt = options.now ?? new Date();
  await mkdir(options.folder, { recursive: true, mode: 0o700 });
  await chmod(options.folder, 0o700);
  const partial = path.join(options.folder, `.partial-${randomBytes(6).toString("hex")}`);
  const file = path.join(options.folder, backupFileName(createdAt));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  const parts: Part[] = [];
  const add = async (name: string, body: Uint8Array | string) => {
    const bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.length);
    parts.push({ name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: bytes.length, mode: 0o600, mtime: createdAt }, bytes, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  };
  const addFile = async (name: string, source: string) => {
    const { size } = await stat(source);
    const hash = createHash("sha256");
    const entry = pack.entry({ name, size, mode: 0o600, mtime: createdAt });
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(source), hashing, entry);
    parts.push({ name, size, sha256: hash.digest("hex") });
  };

  try {
    const database = await dumpDatabase(options.source, options.folder, add, addFile);
    await add(AUTH_SECRET_PART, options.authSecret);
    for await (const stored of storedFiles(options.stores)) {
      const body = await stored.read();
      if (body) await add(stored.part, body); // removed since it was listed: nothing to keep
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      site: siteIdentity(),
      lastMigration: database.lastMigration,
      createdAt: createdAt.toISOString(),
      database: { source: database.source, dumpedWith: database.dumpedWith },
      rowCounts: database.rowCounts,
      parts: [...parts],
    };
    await add(MANIFEST_PART, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await written;
    await rename(partial, file);
    await writeArchiveSummary(file, manifest);
    return { file, manifest };
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

type DumpedDatabase = {
  source: "pglite" | "postgres";
  dumpedWith: string;
  rowCounts: Record<string, number>;
  lastMigration: string;
};

async function dumpDatabase(
  source: BackupSource,
  folder: string,
  add: (name: string, body: string) => Promise<void>,
  addFile: (name: string, file: string) => Promise<void>,
): Promise<DumpedDatabase> {
  if (source.kind === "postgres") {
    const sqlFile = path.join(folder, `.partial-${randomBytes(6).toString("hex")}.sql`);
    try {
      const dump = await dumpPostgres(source.url, sqlFile);
      await addFile(DATABASE_PART, sqlFile);
      return { source: "postgres", ...dump, lastMigration: migrationTag(dump.lastMigrationAt) };
    } finally {
      await rm(sqlFile, { force: true });
    }
  }
  const unlock = source.kind === "pglite-folder" ? lockDataDir(source.dir) : () => undefined;
  try {
    const client =
      source.kind === "pglite-folder"
        ? await PGlite.create({ dataDir: source.dir, extensions: { pg_trgm } })
        : await PGlite.create({ loadDataDir: source.copy, extensions: { pg_trgm } });
    try {
      const lastMigrationAt = await lastMigrationApplied((text) => client.query(text));
      const dump = await dumpPglite(client);
      await add(DATABASE_PART, dump.sql);
      return {
        source: "pglite",
        dumpedWith: dump.dumpedWith,
        rowCounts: dump.rowCounts,
        lastMigration: migrationTag(lastMigrationAt),
      };
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/** The journal's tag of the migration applied at `when` (Drizzle keeps its time, not its name). */
function migrationTag(when: number | null): string {
  if (when === null) throw new Error("This database has no migrations applied: there is nothing to back up.");
  return migrationJournal().find((entry) => entry.when === when)?.tag ?? `unknown migration of ${when}`;
}
