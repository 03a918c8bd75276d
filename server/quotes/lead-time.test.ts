import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readyBy } from "../../domain/lead-time.ts";
import { DEFAULT_HOURS } from "../../domain/studio-identity.ts";
import { STUDIO_TIME_ZONE } from "../../domain/tax.ts";
import { paidOrderOf, pricedQuote } from "../../tests/support/production.ts";
import { productionLoad } from "../admin/dashboard.ts";
import { getDb, tables } from "../db/index.ts";
import { siteChanged } from "../db/site-changes.ts";
import { DomainError } from "../errors.ts";
import { getProductionCapacity, updateProductionCapacity } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { hashBrowserId } from "./owner.ts";
import { productionQueue } from "./production-queue.ts";
import { getQuote } from "./quotes.ts";

const HOUR = 3600;

async function buyersQuote(quantity: number) {
  const browserId = randomUUID();
  const { id } = await pricedQuote({ browserId }, { quantity });
  const owner = { user: null, browserHash: hashBrowserId(browserId) };
  return { id, view: () => getQuote(id, owner) };
}

/** What the studio would promise now for `partSeconds` behind `queueSeconds` (the default week, no closure unless given). */
function expected(
  queueSeconds: number,
  partSeconds: number,
  capacity = { printers: 2, hoursPerDay: 10, marginDays: 1 },
  closures: { from: string; to: string }[] = [],
) {
  return readyBy({
    queueSeconds,
    partSeconds,
    ...capacity,
    hours: DEFAULT_HOURS,
    closures: closures.map((c) => ({ ...c, label: { en: "", fr: "" } })),
    from: new Date(),
    timeZone: STUDIO_TIME_ZONE,
  });
}

async function anAdmin(): Promise<string> {
  const id = `admin-${randomUUID().slice(0, 8)}`;
  await (
    await getDb()
  )
    .insert(tables.user)
    .values({ id, username: "Owner", email: `${id}@example.test`, role: "admin" });
  return id;
}

describe("a quote's ready-by date", () => {
  it("comes from the production queue, and moves later when an ordered part enters it", async () => {
    // One hour of printing for this quote (2 parts × 30 min), an empty queue.
    const mine = await buyersQuote(2);
    const before = (await mine.view()).readyBy!;
    expect(before).toBe(expected(0, HOUR));

    // Another buyer orders and pays for 100 parts: 50 printer hours enter the queue.
    const big = await buyersQuote(100);
    await paidOrderOf([big.id]);
    expect(await productionQueue()).toEqual({ parts: 100, seconds: 50 * HOUR, partsWithoutTime: 0 });
    const after = (await mine.view()).readyBy!;
    expect(after).toBe(expected(50 * HOUR, HOUR));
    expect(after > before).toBe(true);

    // The ordered quote is in production: no date to promise any more.
    expect((await big.view()).readyBy).toBeNull();
    // The dashboard reads the same queue: 50 h at 2 printers × 10 h is about 3 working days.
    expect(await productionLoad()).toMatchObject({ parts: 100, printerHours: 50, workingDays: 3 });

    // A part finished leaves the queue, and the date comes back.
    const db = await getDb();
    await db.update(tables.quotes).set({ productionStatus: "done" }).where(eq(tables.quotes.id, big.id));
    expect((await mine.view()).readyBy).toBe(before);
  });

  it("follows the capacity set in Admin → Settings, refusing no printer", async () => {
    const admin = await anAdmin();
    const mine = await buyersQuote(40);
    expect((await mine.view()).readyBy).toBe(expected(0, 20 * HOUR));
    await updateProductionCapacity(admin, { printers: "1", hoursPerDay: "5", marginDays: "2" });
    expect(await getProductionCapacity()).toEqual({ printers: 1, hoursPerDay: 5, marginDays: 2 });
    expect((await mine.view()).readyBy).toBe(expected(0, 20 * HOUR, { printers: 1, hoursPerDay: 5, marginDays: 2 }));
    await expect(
      updateProductionCapacity(admin, { printers: "0", hoursPerDay: "5", marginDays: "2" }),
    ).rejects.toMatchObject({
      constructor: DomainError,
      code: "settings.invalid",
      fields: { printers: "invalidPrinters" },
    });
    const [change] = await (
      await getDb()
    )
      .select()
      .from(tables.settingsChanges)
      .where(eq(tables.settingsChanges.area, "production"));
    expect(change!.change).toEqual({
      printers: { from: 2, to: 1 },
      hoursPerDay: { from: 10, to: 5 },
      marginDays: { from: 1, to: 2 },
    });
  });

  it("skips the studio's closures", async () => {
    const mine = await buyersQuote(2);
    const open = (await mine.view()).readyBy!;
    // Closed for the next three weeks, from tomorrow.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const closures = [{ from: tomorrow, to: later }];
    const db = await getDb();
    await getStudioIdentity();
    await db
      .update(tables.studioIdentity)
      .set({ closures: closures.map((c) => ({ ...c, label: { en: "Holidays", fr: "Vacances" } })) });
    siteChanged("settings");
    const closed = (await mine.view()).readyBy!;
    // (The capacity as the test before left it: tests in a file share their database.)
    expect(closed).toBe(expected(0, HOUR, await getProductionCapacity(), closures));
    expect(closed > later).toBe(true);
    expect(open <= later).toBe(true);
  });
});
