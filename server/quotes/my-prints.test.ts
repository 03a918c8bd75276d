import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpUser } from "../../tests/support/api.ts";
import { paidOrderOf, pricedQuote } from "../../tests/support/production.ts";
import { getDb, tables } from "../db/index.ts";
import { customPrintsOf } from "./my-prints.ts";
import { withdrawOrderParts } from "./workflow.ts";

describe("a buyer's custom prints", () => {
  it("lists each of the buyer's quotes with its status, price and the studio's words, and no one else's", async () => {
    const buyer = await signUpUser("user");
    const other = await signUpUser("user");
    const sliced = await pricedQuote({ userId: buyer.id }, { totalCents: 2400 });
    const byHand = await pricedQuote({ userId: buyer.id });
    const declined = await pricedQuote({ userId: buyer.id });
    await pricedQuote({ userId: other.id });
    const db = await getDb();
    await db
      .update(tables.quotes)
      .set({ unitCents: 4500, totalCents: 9000, printSeconds: null, grams: null, reviewNote: "Two halves, please." })
      .where(eq(tables.quotes.id, byHand.id));
    await db
      .update(tables.quotes)
      .set({ status: "declined", unitCents: null, totalCents: null, declineReason: "Walls thinner than 0.8 mm." })
      .where(eq(tables.quotes.id, declined.id));

    const prints = await customPrintsOf(buyer.id);
    expect(prints.map((print) => print.id).sort()).toEqual([sliced.id, byHand.id, declined.id].sort());
    const find = (id: string) => prints.find((print) => print.id === id)!;
    expect(find(sliced.id)).toMatchObject({ status: "priced", totalCents: 2400, pricedByStudio: false });
    expect(find(byHand.id)).toMatchObject({
      totalCents: 9000,
      pricedByStudio: true,
      buyerNote: "Two halves, please.",
    });
    expect(find(declined.id)).toMatchObject({
      status: "declined",
      totalCents: null,
      studioNote: "Walls thinner than 0.8 mm.",
    });
  });

  it("shows a price past its hold as expired", async () => {
    const buyer = await signUpUser("user");
    const quote = await pricedQuote({ userId: buyer.id }, { expiresInDays: -1 });
    expect((await customPrintsOf(buyer.id)).find((print) => print.id === quote.id)?.status).toBe("expired");
  });

  it("reads a part taken out of a paid order (its money given back) as refunded, not as a cancelled order", async () => {
    const buyer = await signUpUser("user");
    const quote = await pricedQuote({ userId: buyer.id });
    const orderId = await paidOrderOf([quote.id]);
    const db = await getDb();
    // The part's own account: paidOrderOf writes the order for a buyer of its own.
    await db.update(tables.quotes).set({ userId: buyer.id }).where(eq(tables.quotes.id, quote.id));
    await db.transaction((tx) => withdrawOrderParts(tx, orderId, new Date()));
    const [print] = (await customPrintsOf(buyer.id)).filter((item) => item.id === quote.id);
    expect(print).toMatchObject({ status: "cancelled", refunded: true });
  });
});
