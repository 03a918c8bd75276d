import type { Database } from "./client.ts";
import { sampleContentOffers } from "./schema.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type SampleContent = "catalogue" | "portfolio" | "pages";

/**
 * Whether this install is offered this sample content now, for the first and only time: the
 * answer is recorded in the caller's transaction (run it behind the seeder's advisory lock), so
 * an owner who deletes every sample does not get them back at the next start.
 */
export async function firstSampleOffer(tx: Transaction, name: SampleContent): Promise<boolean> {
  const offered = await tx
    .insert(sampleContentOffers)
    .values({ name })
    .onConflictDoNothing()
    .returning({ name: sampleContentOffers.name });
  return offered.length > 0;
}
