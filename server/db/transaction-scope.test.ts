import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { seedItems, stockOf } from "../../tests/support/shop.ts";
import { releaseHolds } from "../orders/stock.ts";
import { getDb, tables } from "./index.ts";
import { onSiteChanged, type SiteChange } from "./site-changes.ts";
import { afterCommit } from "./transaction-scope.ts";

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

describe("the transaction travels with the work (decision 082)", () => {
  it("a query through getDb() inside a transaction runs in it, on the embedded database too, instead of waiting for ever", async () => {
    await seedItems([{ id: "ts-cup", stock: 5, priceCents: 1000 }]);
    const db = await getDb();
    const seenInside = await db.transaction(async (tx) => {
      await tx.update(tables.inventoryItems).set({ stock: 4 }).where(eq(tables.inventoryItems.id, "ts-cup"));
      const beside = await getDb();
      const [row] = await beside
        .select({ stock: tables.inventoryItems.stock })
        .from(tables.inventoryItems)
        .where(eq(tables.inventoryItems.id, "ts-cup"));
      return row.stock;
    });
    expect(seenInside).toBe(4);
    expect(await stockOf("ts-cup")).toBe(4);
  });

  it("a database taken before the transaction, used inside it, is the transaction: its writes roll back with it", async () => {
    await seedItems([{ id: "ts-bowl", stock: 3, priceCents: 1000 }]);
    const db = await getDb();
    await db
      .transaction(async () => {
        await db.update(tables.inventoryItems).set({ stock: 0 }).where(eq(tables.inventoryItems.id, "ts-bowl"));
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(await stockOf("ts-bowl")).toBe(3);
  });

  it("a transaction begun inside another is a savepoint: undoing it keeps the outer work", async () => {
    await seedItems([
      { id: "ts-jug", stock: 3, priceCents: 1000 },
      { id: "ts-pot", stock: 3, priceCents: 1000 },
    ]);
    const db = await getDb();
    await db.transaction(async () => {
      await db.update(tables.inventoryItems).set({ stock: 2 }).where(eq(tables.inventoryItems.id, "ts-jug"));
      await db
        .transaction(async () => {
          await db.update(tables.inventoryItems).set({ stock: 0 }).where(eq(tables.inventoryItems.id, "ts-pot"));
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
    });
    expect(await stockOf("ts-jug")).toBe(2);
    expect(await stockOf("ts-pot")).toBe(3);
  });

  it("work begun inside a transaction that outlives it queries the database, and its after-commit work runs at once", async () => {
    await seedItems([{ id: "ts-vase", stock: 1, priceCents: 1000 }]);
    const db = await getDb();
    let lingering: Promise<number> | undefined;
    const ranAfter: string[] = [];
    await db.transaction(async () => {
      lingering = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        afterCommit(() => ranAfter.push("late"));
        return stockOf("ts-vase");
      })();
    });
    expect(await lingering).toBe(1);
    expect(ranAfter).toEqual(["late"]);
  });
});
