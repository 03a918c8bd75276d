/**
 * Custom prints, as the rest of the site sees them: the price terms, the buyer's view of a quote,
 * the upload, pricing and re-pricing (and review by the studio), the model files, the quote as a
 * cart and order line, and housekeeping. Each lives in its own file beside this one.
 */
export { changeTerms, currentTerms, saveTerms, termsOf } from "./price-terms.ts";
export {
  PRICE_WAIT_MS,
  getQuote,
  getQuoteOncePriced,
  listQuotes,
  meshGramsPerPart,
  printRotation,
  printedPart,
} from "./buyer-view.ts";
export { uploadQuoteFile } from "./upload.ts";
export {
  SLICE_JOB,
  applySliceResult,
  requestReview,
  reviewRequestSchema,
  sliceKey,
  updateQuoteOptions,
} from "./repricing.ts";
export { printedFileFor, quoteFileFor, quoteThumbnailFor } from "./model-files.ts";
export {
  adoptBrowserQuotes,
  cartQuoteLine,
  quoteLineForCart,
  quotesForOrder,
  requoteAtTodaysPrices,
  type CartQuoteError,
  type CartQuoteLine,
} from "./cart-lines.ts";
export { ABANDONED_AFTER_DAYS, cleanupAbandonedQuotes } from "./housekeeping.ts";
export { QUOTE_MAX_BYTES } from "./limits.ts";
export type { QuoteFailure, QuoteView } from "../../domain/quote-view.ts";
