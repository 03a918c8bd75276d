import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { getDb, tables } from "../db/index.ts";
import { productionQueue } from "./production-queue.ts";

const HOUR = 3600;

/** Quotes written straight into the table: the queue reads only their status, quantity, time and weight. */
async function quotes() {
  const db = await getDb();
  const buyer = await signUpUser();
  const file = randomUUID();
  await db.insert(tables.quoteFiles).values({
    id: file,
    storageKey: `${file}.stl`,
    sha256: "x",
    bytes: 1,
    format: "stl",
    originalName: "p.stl",
    sizeMm: [1, 1, 1],
    volumeMm3: 1,
    areaMm2: 1,
    triangles: 12,
    manifold: true,
  });
  const { version } =
    (await db.select().from(tables.quotePriceTerms).limit(1))[0] ??
    (
      await db
        .insert(tables.quotePriceTerms)
        .values({ terms: {} as never })
        .returning()
    )[0]!;
  return (status: "priced" | "ordered", extra: Record<string, unknown>) =>
    db.insert(tables.quotes).values({
      id: randomUUID(),
      userId: buyer.id,
      fileId: file,
      materialId: "pla",
      colourId: "black",
      qualityId: "standard",
      infillPercent: 20,
      quantity: 1,
      termsVersion: version,
      status,
      ...extra,
    });
}

describe("the production queue", () => {
  it("counts a part priced by hand at the studio's own pace: its weight times the seconds per gram of the parts the slicer timed", async () => {
    const quote = await quotes();
    // Nothing sliced yet: a hand-priced part has no time to give.
    await quote("ordered", { grams: 200, quantity: 2, productionStatus: "queued" });
    expect(await productionQueue()).toEqual({ parts: 2, seconds: 0, partsWithoutTime: 2 });

    // The slicer has timed 2 × 50 g at 1 h each and 100 g at 1 h: 3 h for 200 g, 54 s a gram.
    await quote("priced", { grams: 50, printSeconds: HOUR, quantity: 2 });
    await quote("ordered", { grams: 100, printSeconds: HOUR, productionStatus: "printing" });
    // In the queue: the sliced part (1 h) and the hand-priced one (2 × 200 g × 54 s = 6 h).
    expect(await productionQueue()).toEqual({ parts: 3, seconds: 7 * HOUR, partsWithoutTime: 0 });

    // A part with neither time nor weight stays without time; a finished part leaves the queue.
    await quote("ordered", { productionStatus: "queued" });
    await quote("ordered", { grams: 100, printSeconds: 9 * HOUR, productionStatus: "done" });
    expect(await productionQueue()).toMatchObject({ parts: 4, partsWithoutTime: 1 });
  });

  it("counts parts, not quotes: one paid quote of 500 parts is 500 parts to make (B6)", async () => {
    const quote = await quotes();
    const before = await productionQueue();
    await quote("ordered", { grams: 10, printSeconds: 60, quantity: 500, productionStatus: "queued" });
    const after = await productionQueue();
    expect(after.parts - before.parts).toBe(500);
  });
});
