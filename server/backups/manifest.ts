import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/client.ts";

/**
 * An archive is a gzipped tar of parts, the manifest last: it lists every other part with its size
 * and sha256, so that a restore can refuse a damaged, truncated or edited archive before it writes.
 */
export const MANIFEST_PART = "manifest.json";
export const DATABASE_PART = "database.sql";
export const AUTH_SECRET_PART = "auth-secret";
export const MEDIA_FOLDER = "files/media/";
export const QUOTE_FILES_FOLDER = "files/quote-files/";
export const ARCHIVE_FORMAT = 1;

export type Part = { name: string; size: number; sha256: string };

export type Manifest = {
  format: number;
  site: { name: string; version: string };
  /** The last migration applied to the database when it was dumped. */
  lastMigration: string;
  createdAt: string;
  database: { source: "pglite" | "postgres"; dumpedWith: string };
  /** Rows per table ("schema.table"), read in the dump's own snapshot. */
  rowCounts: Record<string, number>;
  parts: Part[];
};

type JournalEntry = { idx: number; tag: string; when: number };

/** This build's migrations, oldest first. */
export function migrationJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

export function siteIdentity(): { name: string; version: string } {
  const file = path.resolve("package.json");
  const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
  // package.json has no version of its own: the last migration says what the data needs.
  return { name: pkg.name ?? "studio-website", version: pkg.version ?? `migration ${migrationJournal().at(-1)?.tag}` };
}

export function backupFileName(at: Date): string {
  return `studio-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
}
