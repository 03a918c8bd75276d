import { quotePrintSeconds, readyBy } from "../../domain/lead-time.ts";
import type { ProductionCapacity } from "../../domain/shop-settings.ts";
import type { StudioIdentity } from "../../domain/studio-identity.ts";
import { STUDIO_TIME_ZONE } from "../../domain/tax.ts";
import type { Database } from "../db/index.ts";
import { getProductionCapacity } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";
import { productionQueue } from "./production-queue.ts";

/**
 * What a quote's ready-by date depends on (issue 24), read once per answer: the production
 * queue (one aggregate query, read every time: it moves with every paid order), the capacity and
 * the studio's working days (Admin → Settings, kept in memory until they change).
 */
export type LeadTime = {
  queueSeconds: number;
  capacity: ProductionCapacity;
  hours: StudioIdentity["hours"];
  closures: StudioIdentity["closures"];
  now: Date;
};

export async function leadTime(db: Pick<Database, "execute"> | null = null, now = new Date()): Promise<LeadTime> {
  const queue = await productionQueue(db);
  const capacity = await getProductionCapacity();
  const { hours, closures } = await getStudioIdentity();
  return { queueSeconds: queue.seconds, capacity, hours, closures, now };
}

/**
 * The day a quote's parts would be ready if ordered now: the queue, then this quote's printer
 * time (the slicer's, else the estimate's, × the quantity), then the handling days.
 */
export function quoteReadyBy(
  lead: LeadTime,
  part: { slicedSeconds: number | null; estimateSeconds: number | null; quantity: number },
): string | null {
  const partSeconds = quotePrintSeconds(part);
  if (partSeconds === null) return null;
  return readyBy({
    queueSeconds: lead.queueSeconds,
    partSeconds,
    printers: lead.capacity.printers,
    hoursPerDay: lead.capacity.hoursPerDay,
    marginDays: lead.capacity.marginDays,
    hours: lead.hours,
    closures: lead.closures,
    from: lead.now,
    timeZone: STUDIO_TIME_ZONE,
  });
}
