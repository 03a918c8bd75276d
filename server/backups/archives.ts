import { createReadStream } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Manifest } from "./manifest.ts";

/**
 * The archives in DATA_DIR/backups, as Admin → Backups lists them. Beside each archive its
 * summary (`<archive>.json`: the manifest without its list of parts), so that the list needs not
 * read a whole archive to say which version and migration it holds.
 */
export type ArchiveSummary = Omit<Manifest, "parts"> & { files: number };

export type ArchiveListing = {
  name: string;
  createdAt: Date;
  size: number;
  /** From the summary; null for an archive without one (made before summaries were written). */
  summary: ArchiveSummary | null;
};

/** The only names an archive may have (backupFileName): a name from the browser is checked against it. */
const ARCHIVE_NAME = /^studio-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export function isArchiveName(name: string): boolean {
  return ARCHIVE_NAME.test(name);
}

function instantOfName(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const summaryFile = (archive: string) => `${archive}.json`;

export async function writeArchiveSummary(archive: string, manifest: Manifest): Promise<void> {
  const { parts, ...rest } = manifest;
  const summary: ArchiveSummary = { ...rest, files: parts.filter((part) => part.name.startsWith("files/")).length };
  await writeFile(summaryFile(archive), JSON.stringify(summary, null, 2), { mode: 0o600 });
}

/** Every complete archive in the folder, newest first (an absent folder has none). */
export async function listArchives(folder: string): Promise<ArchiveListing[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const listed: ArchiveListing[] = [];
  for (const name of names) {
    const createdAt = instantOfName(name);
    if (!createdAt) continue;
    const file = path.join(folder, name);
    const size = await stat(file).then(
      (found) => (found.isFile() ? found.size : null),
      () => null,
    );
    if (size === null) continue;
    const summary = await readFile(summaryFile(file), "utf8").then(
      (text) => JSON.parse(text) as ArchiveSummary,
      () => null,
    );
    listed.push({ name, createdAt, size, summary });
  }
  return listed.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** An archive to download, by a name checked against the pattern and the folder's own listing; null when there is none. */
export async function openArchive(
  folder: string,
  name: string,
): Promise<{ name: string; size: number; body: ReadableStream<Uint8Array> } | null> {
  if (!isArchiveName(name)) return null;
  const found = (await listArchives(folder)).find((archive) => archive.name === name);
  if (!found) return null;
  const body = Readable.toWeb(createReadStream(path.join(folder, found.name))) as ReadableStream<Uint8Array>;
  return { name: found.name, size: found.size, body };
}

/** Removes an archive and its summary. */
export async function removeArchive(folder: string, name: string): Promise<void> {
  if (!isArchiveName(name)) return;
  await rm(path.join(folder, name), { force: true });
  await rm(summaryFile(path.join(folder, name)), { force: true });
}
