import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  canMoveQuote,
  NEXT_PRODUCTION_STEP,
  PRODUCTION_STATUSES,
  QUOTE_STATUSES,
  quoteStatusesBefore,
  type QuoteStatus,
} from "../../domain/quote-states.ts";
import { signUpUser, type TestUser } from "../../tests/support/api.ts";
import { pricedQuote } from "../../tests/support/production.ts";
import { getDb, tables } from "../db/index.ts";
import { customOrderLineValues } from "../orders/place-order.ts";
import { declineReview, setReviewPrice } from "./review-and-production.ts";
import type { QuoteOwner } from "./owner.ts";
import { requestReview, updateQuoteOptions } from "./quotes.ts";
import {
  freezeOrderQuotes,
  releaseOrderQuotes,
  setProductionStatus,
  startOrderProduction,
  withdrawOrderParts,
} from "./workflow.ts";

type Subject = { quoteId: string; orderId: string; buyer: TestUser };
type Move = { to: QuoteStatus; from: QuoteStatus[]; run: (subject: Subject) => Promise<boolean> };

const owner = (buyer: TestUser): QuoteOwner => ({
  user: { id: buyer.id, email: buyer.email, role: "user" } as QuoteOwner["user"],
  browserHash: null,
});

const succeeds = async (work: Promise<unknown>) =>
  work.then(
    () => true,
    () => false,
  );

async function inTx<T>(
  work: (tx: Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  return (await getDb()).transaction(work);
}

async function options(quoteId: string) {
  const [row] = await (await getDb()).select().from(tables.quotes).where(eq(tables.quotes.id, quoteId));
  return {
    materialId: row!.materialId,
    colourId: row!.colourId,
    qualityId: row!.qualityId,
    infillPercent: row!.infillPercent,
    quantity: row!.quantity + 1,
    scale: 1,
  };
}

/** Every way the code moves a quote, with the statuses it must start from (its own part of the rule). */
const MOVES: Move[] = [
  {
    to: "estimating",
    from: ["estimating", "priced", "failed", "expired"],
    run: async (s) => succeeds(updateQuoteOptions(s.quoteId, owner(s.buyer), await options(s.quoteId))),
  },
  {
    to: "needs_review",
    from: ["estimating", "priced", "failed", "expired"],
    run: (s) => succeeds(requestReview(s.quoteId, owner(s.buyer), { note: "" })),
  },
  { to: "priced", from: ["needs_review"], run: (s) => succeeds(setReviewPrice(s.quoteId, { unitCents: 1200 })) },
  { to: "declined", from: ["needs_review"], run: (s) => succeeds(declineReview(s.quoteId, { reason: "Too thin" })) },
  {
    to: "accepted",
    from: ["priced"],
    run: async (s) => {
      const [row] = await (await getDb()).select().from(tables.quotes).where(eq(tables.quotes.id, s.quoteId));
      return succeeds(
        inTx((tx) =>
          freezeOrderQuotes(
            tx,
            `other-${s.orderId}`,
            [{ quoteId: s.quoteId, totalCents: row!.totalCents ?? 0 }],
            new Date(),
          ),
        ),
      );
    },
  },
  {
    to: "priced",
    from: ["accepted"],
    run: async (s) => (await inTx((tx) => releaseOrderQuotes(tx, s.orderId, new Date()))) > 0,
  },
  {
    to: "ordered",
    from: ["accepted"],
    run: async (s) => {
      const before = await statusOf(s.quoteId);
      await inTx((tx) => startOrderProduction(tx, s.orderId, new Date()));
      return before !== "ordered" && (await statusOf(s.quoteId)) === "ordered";
    },
  },
  {
    to: "cancelled",
    from: ["ordered"],
    run: async (s) => (await inTx((tx) => withdrawOrderParts(tx, s.orderId, new Date()))) > 0,
  },
];

async function statusOf(quoteId: string): Promise<QuoteStatus> {
  const [row] = await (
    await getDb()
  )
    .select({ status: tables.quotes.status })
    .from(tables.quotes)
    .where(eq(tables.quotes.id, quoteId));
  return row!.status;
}

/** A quote put in `status` (with its order, when the status belongs to one). */
async function quoteIn(status: QuoteStatus, buyer: TestUser): Promise<Subject> {
  const db = await getDb();
  const quote = await pricedQuote({ userId: buyer.id });
  const orderId = `walk-${randomUUID().slice(0, 8)}`;
  const inOrder = status === "accepted" || status === "ordered" || status === "cancelled";
  await db
    .insert(tables.orders)
    .values({ id: orderId, userId: buyer.id, status: "pending", totalCents: 1000, currency: "CAD" });
  const [row] = await db.select().from(tables.quotes).where(eq(tables.quotes.id, quote.id));
  await db.insert(tables.orderLines).values(
    customOrderLineValues(orderId, {
      quoteId: quote.id,
      name: "part",
      quantity: row!.quantity,
      totalCents: row!.totalCents!,
      weightGrams: 1,
    }),
  );
  await db
    .update(tables.quotes)
    .set({
      status,
      orderId: inOrder ? orderId : null,
      productionStatus: status === "ordered" || status === "cancelled" ? "queued" : null,
      reviewEmail: "buyer@example.test",
    })
    .where(eq(tables.quotes.id, quote.id));
  return { quoteId: quote.id, orderId, buyer };
}

describe("a quote's way to production (domain/quote-states.ts, server/quotes/workflow.ts)", () => {
  it("each move of the code starts only from statuses the rule allows", () => {
    for (const move of MOVES)
      for (const from of move.from) expect(canMoveQuote(from, move.to), `${from} → ${move.to}`).toBe(true);
    // And every arrow of the rule into a person's or an order's status has a move that takes it.
    for (const to of ["needs_review", "declined", "accepted", "ordered", "cancelled"] as QuoteStatus[]) {
      expect(
        MOVES.filter((m) => m.to === to)
          .flatMap((m) => m.from)
          .sort(),
      ).toEqual(quoteStatusesBefore(to).sort());
    }
  });

  it("walks every move from every status: allowed ones happen, every other is refused and changes nothing", async () => {
    const buyer = await signUpUser();
    for (const move of MOVES) {
      for (const from of QUOTE_STATUSES) {
        const subject = await quoteIn(from, buyer);
        const moved = await move.run(subject);
        const allowed = move.from.includes(from);
        expect(moved, `${from} → ${move.to}`).toBe(allowed);
        if (!allowed)
          expect(await statusOf(subject.quoteId), `${from} stays after a refused move to ${move.to}`).toBe(from);
      }
    }
  });

  it("walks every production step from every production status: one step forward only, and only for a paid part", async () => {
    const buyer = await signUpUser();
    const db = await getDb();
    for (const from of PRODUCTION_STATUSES) {
      for (const to of PRODUCTION_STATUSES) {
        for (const status of ["ordered", "cancelled"] as const) {
          const subject = await quoteIn(status, buyer);
          await db.update(tables.quotes).set({ productionStatus: from }).where(eq(tables.quotes.id, subject.quoteId));
          const moved = await succeeds(setProductionStatus(subject.quoteId, { from, to }));
          expect(moved, `${status}: ${from} → ${to}`).toBe(status === "ordered" && NEXT_PRODUCTION_STEP[from] === to);
        }
      }
    }
  });
});
