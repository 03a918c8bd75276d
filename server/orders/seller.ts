import type { Seller } from "../../domain/seller.ts";
import type { Tx } from "../db/transaction.ts";
import { getStudioSettings } from "../settings/shop-settings.ts";
import { getStudioIdentity } from "../settings/studio-identity.ts";

/** The seller now, read in the transaction that marks an order paid. */
export async function currentSeller(db: Tx | null = null): Promise<Seller> {
  const studio = await getStudioSettings(db);
  return {
    // Until the owner gives a legal name, the studio's public name; never another studio's.
    legalName: studio.legalName || (await getStudioIdentity(db)).name,
    province: studio.province,
    address: studio.pickupAddress,
    gstHstNumber: studio.gstHstNumber,
    qstNumber: studio.qstNumber,
  };
}
