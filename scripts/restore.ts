import path from "node:path";
import { parseArgs } from "node:util";
import { config } from "../server/config.ts";
import { RestoreRefused, restoreBackup } from "../server/backups/restore-backup.ts";
import { getMediaStorage } from "../server/media/storage.ts";
import { getQuoteFileStore } from "../server/quotes/file-store.ts";

const usage = "Usage: npm run restore -- <archive> [--force]";
const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

try {
  const manifest = await restoreBackup({
    archive: path.resolve(positionals[0]),
    target: config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dir: path.join(config.dataDir, "pglite") },
    stores: { media: getMediaStorage(), quoteFiles: getQuoteFileStore() },
    dataDir: config.dataDir,
    force: values.force ?? false,
    say: (line) => console.log(line),
  });
  const where = config.databaseUrl ? "the PostgreSQL database (DATABASE_URL)" : config.dataDir;
  console.log(`Restored the backup of ${manifest.createdAt} into ${where}: start the site.`);
  if (process.env.AUTH_SECRET)
    console.log(
      "AUTH_SECRET is set and wins over the restored secret: sessions signed before stay valid only if it is the same.",
    );
  process.exit(0);
} catch (error) {
  if (error instanceof RestoreRefused) {
    console.error(`Refused: ${error.message}\nNothing was written.`);
    process.exit(1);
  }
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
