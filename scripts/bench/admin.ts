/**
 * bench:admin: the owner's dashboard on 10,000 orders. Seeds a fresh database (embedded PGlite,
 * or a new database on the PostgreSQL server of BENCH_DATABASE_URL), then times each figure's
 * query on the server side and prints the median of 7 runs. Goal: under 50 ms each.
 *
 *   npm run bench:admin
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin
 *   BENCH_ORDERS=100000 npm run bench:admin
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { parseRange } from "../../domain/dashboard-range.ts";
import {
  lowStock,
  ordersToFulfil,
  productionLoad,
  quoteFunnel,
  salesSeries,
  salesTotals,
  taxesCollected,
} from "../../server/admin/dashboard.ts";
import { seedSampleCatalogue } from "../../server/catalogue/seed.ts";
import { migrateDatabase, openPglite, openPostgres, type Connection } from "../../server/db/client.ts";
import { useConnection } from "../../server/db/index.ts";
import { orders, orderTaxLines, quoteFiles, quotePriceTerms, quotes, refunds, user } from "../../server/db/schema.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RUNS = 7;
const DAY = 86_400_000;

async function open(): Promise<{ connection: Connection; kind: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "studio-bench-admin-"));
    return { connection: await openPglite(path.join(dir, "pglite")), kind: "PGlite", drop: async () => undefined };
  }
  const name = `bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    connection: await openPostgres(url.toString()),
    kind: "PostgreSQL",
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A year of a busy studio: orders paid over 365 days, their taxes, some refunds, quotes at every step. */
async function seed(connection: Connection): Promise<void> {
  const db = connection.db;
  await seedSampleCatalogue(db);
  const buyers = Array.from({ length: 200 }, (_, n) => ({
    id: `bench-buyer-${n}`,
    username: `Buyer ${n}`,
    email: `buyer${n}@bench.test`,
  }));
  await db.insert(user).values(buyers);
  const now = Date.now();
  const statuses = [
    "paid",
    "fulfilled",
    "fulfilled",
    "fulfilled",
    "refunded",
    "cancelled",
    "pending",
    "expired",
  ] as const;
  for (let start = 0; start < ORDERS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, ORDERS - start) }, (_, k) => {
      const n = start + k;
      const status = statuses[n % statuses.length]!;
      const paid = status !== "pending" && status !== "expired";
      const at = new Date(now - (n % 365) * DAY - (n % 1440) * 60_000);
      return {
        id: `BENCH-${n}`,
        userId: buyers[n % buyers.length]!.id,
        status,
        totalCents: 2000 + (n % 500) * 37,
        currency: "CAD",
        paidAt: paid ? at : null,
        createdAt: at,
        updatedAt: at,
      };
    });
    await db.insert(orders).values(batch);
    await db.insert(orderTaxLines).values(
      batch.flatMap((order, k) => [
        {
          orderId: order.id,
          code: "GST" as const,
          jurisdiction: "CA",
          ratePpm: 50_000,
          taxableBaseCents: order.totalCents,
          amountCents: Math.round(order.totalCents * 0.05),
        },
        ...(k % 3 === 0
          ? [
              {
                orderId: order.id,
                code: "QST" as const,
                jurisdiction: "QC",
                ratePpm: 99_750,
                taxableBaseCents: order.totalCents,
                amountCents: Math.round(order.totalCents * 0.09975),
              },
            ]
          : []),
      ]),
    );
    const refunded = batch.filter((order) => order.status === "refunded" || order.status === "cancelled");
    if (refunded.length > 0) {
      await db.insert(refunds).values(
        refunded.map((order) => ({
          orderId: order.id,
          status: "succeeded" as const,
          amountCents: order.totalCents,
          lines: [],
          shippingCents: 0,
          taxes: [
            {
              code: "GST" as const,
              jurisdiction: "CA",
              ratePpm: 50_000,
              taxableCents: order.totalCents,
              amountCents: Math.round(order.totalCents * 0.05),
            },
          ],
          createdAt: new Date(order.paidAt!.getTime() + DAY),
        })),
      );
    }
  }
  const fileId = randomUUID();
  await db.insert(quoteFiles).values({
    id: fileId,
    storageKey: `${fileId}.stl`,
    sha256: "bench",
    bytes: 1,
    format: "stl",
    originalName: "bench.stl",
    sizeMm: [20, 20, 20],
    volumeMm3: 8000,
    areaMm2: 2400,
    triangles: 12,
    manifold: true,
  });
  const [terms] = await db
    .insert(quotePriceTerms)
    .values({ terms: {} as never })
    .returning();
  const quoteStatuses = [
    "priced",
    "priced",
    "ordered",
    "declined",
    "needs_review",
    "failed",
    "accepted",
    "cancelled",
  ] as const;
  for (let start = 0; start < ORDERS / 2; start += 1000) {
    await db.insert(quotes).values(
      Array.from({ length: Math.min(1000, ORDERS / 2 - start) }, (_, k) => {
        const n = start + k;
        const status = quoteStatuses[n % quoteStatuses.length]!;
        return {
          id: randomUUID(),
          userId: buyers[n % buyers.length]!.id,
          fileId,
          materialId: "pla",
          colourId: "black",
          qualityId: "standard",
          infillPercent: 20,
          quantity: 1 + (n % 5),
          termsVersion: terms!.version,
          status,
          unitCents: status === "failed" || status === "needs_review" ? null : 1500,
          printSeconds: 1800 + (n % 7200),
          productionStatus: status === "ordered" ? (["queued", "printing", "done"] as const)[n % 3] : null,
          createdAt: new Date(now - (n % 365) * DAY),
        };
      }),
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const { connection, kind, drop } = await open();
  try {
    await migrateDatabase(connection);
    useConnection(connection);
    const seeding = performance.now();
    await seed(connection);
    console.log(
      `bench:admin on ${kind}: ${ORDERS.toLocaleString("en-CA")} orders, ${(ORDERS / 2).toLocaleString("en-CA")} quotes seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const month = parseRange({}, today);
    const year = parseRange(
      { from: new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10), to: today, bucket: "week" },
      today,
    );
    if (!("range" in month) || !("range" in year)) throw new Error("bad range");
    const figures: [string, () => Promise<unknown>][] = [
      ["sales per day, last 30 days", () => salesSeries(month.range)],
      ["sales per week, last year", () => salesSeries(year.range)],
      ["sales totals and previous period, last year", () => salesTotals(year.range)],
      ["taxes collected, last year", () => taxesCollected(year.range)],
      ["orders to fulfil, oldest first", () => ordersToFulfil()],
      ["quote funnel, last year", () => quoteFunnel(year.range)],
      ["production queue in printer hours", () => productionLoad()],
      ["low stock", () => lowStock()],
    ];
    let worst = 0;
    for (const [name, run] of figures) {
      await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      const ms = median(times);
      worst = Math.max(worst, ms);
      console.log(
        `${name.padEnd(48)} ${ms.toFixed(1).padStart(7)} ms median of ${RUNS}  ${ms < 50 ? "under 50 ms" : "OVER 50 ms"}`,
      );
    }
    console.log(`slowest figure: ${worst.toFixed(1)} ms (goal: under 50 ms each)`);
  } finally {
    await connection.close();
    await drop();
  }
}

await main();
