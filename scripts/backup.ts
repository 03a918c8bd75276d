import path from "node:path";
import { existsSync } from "node:fs";
import { authSecret, config } from "../server/config.ts";
import { createBackup, type BackupSource } from "../server/backups/create-backup.ts";
import { answeringSite, askRunningSite } from "../server/backups/running-site.ts";
import { getMediaStorage } from "../server/media/storage.ts";
import { getQuoteFileStore } from "../server/quotes/file-store.ts";

// npm run backup: one archive of the database, every stored file and the auth secret in DATA_DIR/backups.
try {
  const source = await chooseSource();
  const { file, manifest } = await createBackup({
    source,
    stores: { media: getMediaStorage(), quoteFiles: getQuoteFileStore() },
    authSecret: authSecret(),
    folder: path.join(config.dataDir, "backups"),
  });
  const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0);
  const files = manifest.parts.filter((part) => part.name.startsWith("files/")).length;
  console.log(`Backup written: ${file}`);
  console.log(
    `  ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables, ${files} files, at ${manifest.lastMigration}.`,
  );
  console.log("  It holds the auth secret and customers' personal data: keep it private.");
  process.exit(0);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}

async function chooseSource(): Promise<BackupSource> {
  if (config.databaseUrl) {
    console.log("Dumping the PostgreSQL database (DATABASE_URL) with pg_dump.");
    return { kind: "postgres", url: config.databaseUrl };
  }
  const dir = path.join(config.dataDir, "pglite");
  if (!existsSync(dir)) throw new Error(`There is no database in ${dir}: nothing to back up.`);
  const site = await answeringSite(config.dataDir);
  if (site) {
    console.log(`The site is running (pid ${site}): asked it for a copy of its database.`);
    return { kind: "pglite-copy", copy: await askRunningSite(config.dataDir, site) };
  }
  console.log(`The site is not running: opened ${dir} itself.`);
  return { kind: "pglite-folder", dir };
}
