/**
 * `npm run backup` and `npm run restore` on generated studios: the time each takes and the peak
 * memory of its process, for a small studio and a large one, so that the growth with the database is
 * seen beside the figures. Each studio: BENCH_ORDERS orders (two lines, a contact and an event each)
 * on the embedded database, and BENCH_PICTURES_MB of incompressible pictures in DATA_DIR/media.
 * The commands run as a person runs them (the site stopped), each in a process of its own.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openPglite } from "../../server/db/client.ts";

const SIZES = (process.env.BENCH_ORDERS ?? "10000,100000").split(",").map(Number);
const PICTURES_MB = (process.env.BENCH_PICTURES_MB ?? "200,2048").split(",").map(Number);
const PICTURE_BYTES = 2 * 1024 * 1024;

type Run = { seconds: number; peakMb: number };

async function generateStudio(dataDir: string, orders: number, picturesMb: number): Promise<void> {
  const connection = await openPglite(path.join(dataDir, "pglite"));
  await connection.migrate();
  const db = connection.db;
  await db.execute(`
    insert into orders (id, status, total_cents, currency, locale, paid_at, created_at, updated_at)
    select 'ord_' || n, 'paid', 4600, 'CAD', case when n % 3 = 0 then 'fr' else 'en' end,
      now() - make_interval(mins => n), now() - make_interval(mins => n), now() - make_interval(mins => n)
    from generate_series(1, ${orders}) n`);
  await db.execute(`
    insert into order_contacts (order_id, email, full_name, phone)
    select 'ord_' || n, 'buyer' || n || '@example.com', 'Buyer ' || n, '514-555-' || lpad((n % 10000)::text, 4, '0')
    from generate_series(1, ${orders}) n`);
  await db.execute(`
    insert into order_lines (order_id, item_slug, item_name, unit_price_cents, quantity)
    select 'ord_' || n, 'vase-' || k, jsonb_build_object('en', 'Vase ' || k, 'fr', 'Vase ' || k), 2000 + k * 300, k
    from generate_series(1, ${orders}) n, generate_series(1, 2) k`);
  await db.execute(`
    insert into order_events (order_id, status, reason, created_at)
    select 'ord_' || n, 'paid', 'paid', now() - make_interval(mins => n)
    from generate_series(1, ${orders}) n`);
  await connection.close();
  const media = path.join(dataDir, "media", "bench");
  mkdirSync(media, { recursive: true });
  for (let i = 0; i < Math.ceil((picturesMb * 1024 * 1024) / PICTURE_BYTES); i += 1)
    writeFileSync(path.join(media, `picture-${i}.webp`), randomBytes(PICTURE_BYTES));
}

/** Runs an npm script's file in its own process and reads its peak resident memory from the kernel. */
function measure(script: string, args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn("/usr/bin/time", ["-f", "%M", process.execPath, script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const peakKb = Number(stderr.trim().split("\n").at(-1));
      if (code !== 0) reject(new Error(`${script} exited with ${code}: ${stderr}`));
      else resolve({ seconds, peakMb: peakKb / 1024 });
    });
  });
}

function folderMb(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes / 1024 / 1024;
}

console.log(`load average at the start: ${loadavg()[0]!.toFixed(2)}`);
console.log(
  [
    "orders".padStart(8),
    "pictures MB".padStart(12),
    "database MB".padStart(12),
    "archive MB".padStart(11),
    "backup s".padStart(9),
    "backup peak MB".padStart(15),
    "restore s".padStart(10),
    "restore peak MB".padStart(16),
  ].join(" "),
);
for (const [index, orders] of SIZES.entries()) {
  const picturesMb = PICTURES_MB[index] ?? PICTURES_MB.at(-1)!;
  const source = mkdtempSync(path.join(tmpdir(), "studio-bench-backup-"));
  const target = mkdtempSync(path.join(tmpdir(), "studio-bench-restore-"));
  try {
    await generateStudio(source, orders, picturesMb);
    const backup = await measure("scripts/backup.ts", [], source);
    const archive = readdirSync(path.join(source, "backups")).find((name) => name.endsWith(".tar.gz"))!;
    const archivePath = path.join(source, "backups", archive);
    const restore = await measure("scripts/restore.ts", [archivePath], target);
    console.log(
      [
        String(orders).padStart(8),
        String(picturesMb).padStart(12),
        folderMb(path.join(source, "pglite")).toFixed(0).padStart(12),
        (statSync(archivePath).size / 1024 / 1024).toFixed(0).padStart(11),
        backup.seconds.toFixed(1).padStart(9),
        backup.peakMb.toFixed(0).padStart(15),
        restore.seconds.toFixed(1).padStart(10),
        restore.peakMb.toFixed(0).padStart(16),
      ].join(" "),
    );
  } finally {
    rmSync(source, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  }
}
console.log(`load average at the end: ${loadavg()[0]!.toFixed(2)}`);
