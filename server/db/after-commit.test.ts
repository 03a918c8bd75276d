import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { seedItems, stockOf } from "../../tests/support/shop.ts";
import { releaseHolds } from "../orders/stock.ts";
import { getDb, tables } from "./index.ts";
import { onSiteChanged, type SiteChange } from "./site-changes.ts";

class RolledBack extends Error {}

describe("a change announced inside a transaction (B2)", () => {
  it("is heard once the transaction commits, not before, so no server caches what it replaces", async () => {
    await seedItems([{ id: "ac-vase", stock: 1, priceCents: 1000 }]);
    const heard: SiteChange[] = [];
    onSiteChanged((change) => heard.push(change));
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx
        .update(tables.inventoryItems)
        .set({ stock: sql`stock - 1` })
        .where(eq(tables.inventoryItems.id, "ac-vase"));
      await releaseHolds(tx, "no-such-order");
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["catalogue"]);
    expect(await stockOf("ac-vase")).toBe(0);
  });

  it("is never heard when the transaction rolls back", async () => {
    await seedItems([{ id: "ac-lamp", stock: 2, priceCents: 1000 }]);
    const heard: SiteChange[] = [];
    onSiteChanged((change) => heard.push(change));
    const db = await getDb();
    await db
      .transaction(async (tx) => {
        await tx
          .update(tables.inventoryItems)
          .set({ stock: sql`stock - 1` })
          .where(eq(tables.inventoryItems.id, "ac-lamp"));
        await releaseHolds(tx, "no-such-order");
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(heard).toEqual([]);
    expect(await stockOf("ac-lamp")).toBe(2);
  });
});
