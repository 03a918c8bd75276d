import type { Province } from "./provinces.ts";

/**
 * The seller an invoice names: the studio's legal name, province, address and registration numbers
 * as they were when the order was paid (review A.8), so that an invoice printed after a move, a new
 * GST number or a change of name still shows who made that sale.
 */
export type Seller = {
  legalName: string;
  province: Province;
  address: string;
  gstHstNumber: string | null;
  qstNumber: string | null;
};
