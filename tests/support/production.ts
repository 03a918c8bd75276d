import { randomBytes, randomUUID } from "node:crypto";
import { price, type QuoteOptions } from "../../domain/quote-pricing.ts";
import { IDENTITY } from "../../domain/orientation.ts";
import { hashBrowserId } from "../../server/quotes/owner.ts";
import { eq, inArray } from "drizzle-orm";
import { customOrderLineValues } from "../../server/orders/place-order.ts";
import { getDb, tables } from "../../server/db/index.ts";
import { freezeOrderQuotes, startOrderProduction } from "../../server/quotes/workflow.ts";
import { claimJob, runClaimedJob } from "../../server/jobs/queue.ts";
import { currentTerms, sliceKey, SLICE_JOB } from "../../server/quotes/quotes.ts";
import { sliceJob } from "../../server/quotes/slice-job.ts";
import { PART_REPORT_JOB, partReportJob } from "../../server/quotes/part-report.ts";

/** Runs the slicing jobs that are waiting, as the server's worker would. */
export async function runSliceJobs(): Promise<void> {
  for (let job = await claimJob([SLICE_JOB], "test", 60_000); job; job = await claimJob([SLICE_JOB], "test", 60_000)) {
    await runClaimedJob(job, sliceJob, "test");
  }
}

/** Runs the printability reports that are waiting (slices queue theirs when they end). */
export async function runPartReportJobs(): Promise<void> {
  for (
    let job = await claimJob([PART_REPORT_JOB], "test", 60_000);
    job;
    job = await claimJob([PART_REPORT_JOB], "test", 60_000)
  ) {
    await runClaimedJob(job, partReportJob, "test");
  }
}

/**
 * A paid order holding these priced quotes, made through the quote workflow itself (frozen at
 * placement, into production at payment), for tests about what happens after. Returns its id.
 */
export async function paidOrderOf(quoteIds: string[]): Promise<string> {
  const db = await getDb();
  const buyerId = `buyer-${randomUUID().slice(0, 8)}`;
  await db.insert(tables.user).values({ id: buyerId, username: "Buyer", email: `${buyerId}@example.test` });
  const quotes = await db.select().from(tables.quotes).where(inArray(tables.quotes.id, quoteIds));
  const orderId = `order-${randomUUID().slice(0, 8)}`;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(tables.orders)
      .values({ id: orderId, userId: buyerId, status: "paid", totalCents: 0, currency: "CAD", paidAt: now });
    const lines = quotes.map((quote) => ({
      quoteId: quote.id,
      name: "part",
      quantity: quote.quantity,
      totalCents: quote.totalCents!,
      weightGrams: 0,
    }));
    await tx.insert(tables.orderLines).values(lines.map((line) => customOrderLineValues(orderId, line)));
    await freezeOrderQuotes(tx, orderId, lines, now);
    if (!(await startOrderProduction(tx, orderId, now))) throw new Error("the parts did not enter production");
  });
  await db
    .update(tables.orders)
    .set({ totalCents: quotes.reduce((sum, q) => sum + q.totalCents!, 0) })
    .where(eq(tables.orders.id, orderId));
  return orderId;
}

export const GRAMS = 12.5;

/** A quote the slicer has priced (its slice stored, as after a real slicing job), owned by a browser or a user. */
export async function pricedQuote(
  owner: { browserId?: string; userId?: string },
  options: {
    totalCents?: number;
    expiresInDays?: number;
    quantity?: number;
    grams?: number;
    printSeconds?: number;
  } = {},
) {
  const grams = options.grams ?? GRAMS;
  const printSeconds = options.printSeconds ?? 1800;
  const db = await getDb();
  const { version, terms } = await currentTerms();
  const fileId = randomUUID();
  const [file] = await db
    .insert(tables.quoteFiles)
    .values({
      id: fileId,
      storageKey: `${fileId}.stl`,
      sha256: randomBytes(32).toString("hex"),
      bytes: 684,
      format: "stl",
      originalName: "bracket.stl",
      sizeMm: [20, 20, 20],
      volumeMm3: 8000,
      areaMm2: 2400,
      triangles: 12,
      manifold: true,
    })
    .returning();
  const material = terms.materials[0]!;
  const quality = terms.qualities[0]!;
  const quoteOptions: QuoteOptions = {
    materialId: material.id,
    colourId: material.colours[0]!.id,
    qualityId: quality.id,
    infillPercent: 20,
    quantity: options.quantity ?? 2,
  };
  const key = sliceKey(
    file!,
    1,
    IDENTITY,
    quality.layerHeightMm,
    quoteOptions.infillPercent,
    material.densityGPerCm3,
    material.filamentType,
  );
  await db
    .insert(tables.sliceResults)
    .values({ key, fileId, status: "done", grams, printSeconds })
    .onConflictDoNothing();
  const quoted = price(terms, quoteOptions, { grams, seconds: printSeconds });
  const id = randomUUID();
  await db.insert(tables.quotes).values({
    id,
    userId: owner.userId ?? null,
    browserHash: owner.browserId ? hashBrowserId(owner.browserId) : null,
    fileId,
    scale: 1,
    ...quoteOptions,
    termsVersion: version,
    status: "priced",
    grams,
    printSeconds,
    unitCents: quoted.unitCents,
    totalCents: options.totalCents ?? quoted.totalCents,
    discountPercent: quoted.discountPercent,
    sliceKey: key,
    expiresAt: new Date(Date.now() + (options.expiresInDays ?? 14) * 86_400_000),
  });
  return { id, todaysTotal: quoted.totalCents };
}

/**
 * The time budget of a test that runs PrusaSlicer: not a speed check. The slicer runs at nice 15 so
 * that pages come first (docs/performance.md), and on two cores busy with the other test files a
 * slice of two seconds has taken over twenty.
 */
export const SLICING_TEST_TIMEOUT_MS = 90_000;
