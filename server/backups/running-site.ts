import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Connection } from "../db/client.ts";
import { log } from "../log.ts";

/**
 * The embedded database is open in one process only. While the site runs, `npm run backup` asks it
 * for a copy: it leaves a request file in DATA_DIR/backups/.requests (owner-only) and sends the
 * site SIGUSR2; the site writes the copy beside it. Only the site's own user (or root) can signal
 * it or write there, so nothing else can ask. The site says it answers with a file naming its pid:
 * an older site, whose default for SIGUSR2 is to exit, is never signalled.
 */
const requestsFolder = (dataDir: string) => path.join(dataDir, "backups", ".requests");
const answeringFile = (dataDir: string) => path.join(requestsFolder(dataDir), "answering.pid");

/** In the site (server/app.ts): answers backup requests until the function returned is called. */
export async function answerBackupRequests(connection: Connection, dataDir: string): Promise<() => Promise<void>> {
  if (connection.kind !== "pglite") return async () => undefined;
  const client = (connection.db as unknown as { $client: PGlite }).$client;
  const folder = requestsFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  let answering = Promise.resolve();
  const onSignal = () => {
    answering = answering.then(() => answerPending(client, folder));
  };
  process.on("SIGUSR2", onSignal);
  await writeFile(answeringFile(dataDir), String(process.pid), { mode: 0o600 });
  return async () => {
    process.off("SIGUSR2", onSignal);
    await rm(answeringFile(dataDir), { force: true });
    await answering;
  };
}

async function answerPending(client: PGlite, folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    if (!name.endsWith(".request")) continue;
    const id = name.slice(0, -".request".length);
    const taken = path.join(folder, `${id}.taken`);
    try {
      await rename(path.join(folder, name), taken);
    } catch {
      continue; // another signal's turn took it
    }
    try {
      const copy = await copyOfOpenPglite(client);
      await writeFile(path.join(folder, `${id}.copy`), Buffer.from(await copy.arrayBuffer()), { mode: 0o600 });
      await rename(path.join(folder, `${id}.copy`), path.join(folder, `${id}.ready`));
      log().info("Handed a copy of the database to npm run backup");
    } catch (error) {
      log().error({ err: error }, "Could not hand a copy of the database to npm run backup");
      await writeFile(path.join(folder, `${id}.failed`), (error as Error).message, { mode: 0o600 });
    } finally {
      await rm(taken, { force: true });
    }
  }
}

/** The pid of a running site that answers backup requests on this DATA_DIR, if any. */
export async function answeringSite(dataDir: string): Promise<number | null> {
  const pid = Number.parseInt(await readFile(answeringFile(dataDir), "utf8").catch(() => ""), 10);
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * A copy of the site's open PGlite, taken while no transaction of the site's is open (PGlite's
 * transaction lock, which its own dumpDataDir does not take), so that it holds committed work
 * only: PGlite's data-folder format, which npm run backup loads into a private PGlite to dump.
 */
export function copyOfOpenPglite(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
}

/** From `npm run backup`: asks the running site for a copy of its database and waits for it. */
export async function askRunningSite(dataDir: string, pid: number, timeoutMs = 120_000): Promise<Blob> {
  const folder = requestsFolder(dataDir);
  const id = randomUUID();
  const file = (suffix: string) => path.join(folder, `${id}.${suffix}`);
  await writeFile(file("request"), "", { mode: 0o600 });
  try {
    process.kill(pid, "SIGUSR2");
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const ready = await readFile(file("ready")).catch(() => null);
      if (ready) return new Blob([ready]);
      const failed = await readFile(file("failed"), "utf8").catch(() => null);
      if (failed !== null) throw new Error(`The running site could not copy its database: ${failed}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The running site (pid ${pid}) did not answer within ${timeoutMs / 1000} s.`);
  } finally {
    for (const suffix of ["request", "ready", "failed"]) await rm(file(suffix), { force: true });
  }
}
