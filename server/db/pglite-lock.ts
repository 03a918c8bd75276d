import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

/** PGlite's folder must be opened by one process only: a second one would corrupt it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "studio.pid");
  const holder = Number.parseInt(readSafely(file), 10);
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The database in ${dir} is open in another process (pid ${holder}). Stop the site first, or use DATABASE_URL.`,
    );
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

function readSafely(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
