import { hostname } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { authSecret, config } from "../config.ts";
import type { Connection } from "../db/client.ts";
import { connectDatabase } from "../db/index.ts";
import { getMediaStorage } from "../media/storage.ts";
import { getQuoteFileStore } from "../quotes/file-store.ts";
import { createBackup, type BackupSource } from "./create-backup.ts";
import type { Manifest } from "./manifest.ts";
import { applyRetention } from "./retention.ts";
import { copyOfOpenPglite } from "./running-site.ts";

export const backupsFolder = (): string => path.join(config.dataDir, "backups");

/** Where this server keeps its archives, as Admin → Backups shows it: host and folder. */
export const backupsLocation = (): string => `${hostname()}:${backupsFolder()}${path.sep}`;

/**
 * The site backs itself up (the daily schedule, "Back up now"): the embedded database is this
 * process's own, so it copies it as it does for npm run backup, without a signal; PostgreSQL is
 * dumped with pg_dump. Then the retention runs. One backup at a time in this process.
 */
export function takeSiteBackup(
  folder = backupsFolder(),
): Promise<{ file: string; name: string; manifest: Manifest; removed: string[] }> {
  const run = inTurn.then(async () => {
    const source = await sourceInSite(await connectDatabase());
    const { file, manifest } = await createBackup({
      source,
      stores: { media: getMediaStorage(), quoteFiles: getQuoteFileStore() },
      authSecret: authSecret(),
      folder,
    });
    const removed = await applyRetention(folder, config.backups);
    return { file, name: path.basename(file), manifest, removed };
  });
  inTurn = run.catch(() => undefined);
  return run;
}

let inTurn: Promise<unknown> = Promise.resolve();

async function sourceInSite(connection: Connection): Promise<BackupSource> {
  if (connection.kind === "pglite")
    return {
      kind: "pglite-copy",
      copy: await copyOfOpenPglite((connection.db as unknown as { $client: PGlite }).$client),
    };
  // The database this process is connected to (DATABASE_URL), which pg_dump reads.
  if (!connection.url) throw new Error("The PostgreSQL connection has no address for pg_dump.");
  return { kind: "postgres", url: connection.url };
}
