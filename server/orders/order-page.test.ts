import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { listenAsAServer } from "../../tests/support/per-file-database.ts";
import { placeOrderCall, seedItems } from "../../tests/support/shop.ts";
import { getDb, tables } from "../db/index.ts";
import { inOwnScope } from "../http/request-scope.ts";
import { orderPageData } from "./order-page.ts";

/** As an order's page reads it: in a GET's scope, where what is kept may answer. */
const pageRead = (orderId: string) => inOwnScope("GET", () => orderPageData(orderId, "en"));

beforeAll(listenAsAServer);

describe("an order's page, kept until the order changes", () => {
  it("shows every change made to the order's rows, by any code, at the next read", async () => {
    await seedItems([{ id: "kept-order-item", stock: 5, priceCents: 2500 }]);
    const buyer = await signUpUser("user");
    const placed = await placeOrderCall(buyer, [{ itemId: "kept-order-item", quantity: 1 }]);
    const orderId = (placed.body.order as { id: string }).id;

    // Read once, then kept, once the notices of its placing have arrived (at once on PGlite, a moment later on PostgreSQL).
    await expect
      .poll(async () => (await pageRead(orderId)) === (await pageRead(orderId)), { timeout: 5_000 })
      .toBe(true);
    expect((await pageRead(orderId))?.order.status).toBe("pending");

    // Written past the site's own modules: only the database's trigger can say it changed.
    const db = await getDb();
    await db.update(tables.orders).set({ status: "paid" }).where(eq(tables.orders.id, orderId));
    // PostgreSQL tells the listening connection after the commit: at the next read here, a moment later there.
    await expect.poll(async () => (await pageRead(orderId))?.order.status, { timeout: 5_000 }).toBe("paid");

    await db.transaction((tx) =>
      tx.execute(sql`update order_delivery set fulfilment_status = 'packed' where order_id = ${orderId}`),
    );
    await expect
      .poll(async () => (await pageRead(orderId))?.delivery?.fulfilmentStatus, { timeout: 5_000 })
      .toBe("packed");
  });

  it("is read for each request outside a GET's pages, and a missing order is never kept", async () => {
    expect(await pageRead("FF-NOSUCHORDER")).toBeNull();
    await seedItems([{ id: "kept-order-item-2", stock: 5, priceCents: 900 }]);
    const buyer = await signUpUser("user");
    const placed = await placeOrderCall(buyer, [{ itemId: "kept-order-item-2", quantity: 2 }]);
    const orderId = (placed.body.order as { id: string }).id;
    const read = await orderPageData(orderId, "en");
    expect(await orderPageData(orderId, "en")).not.toBe(read);
  });
});
