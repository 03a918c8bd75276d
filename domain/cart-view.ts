/**
 * The cart as the server renders it for the buyer (server/cart/cart.ts builds it), and its limits.
 * No zod here: the shell, on every page, imports this file.
 */
export const MAX_LINE_QUANTITY = 999;
/** The longest old localStorage cart the /cart action takes, and where it was kept. */
export const MAX_IMPORT_LENGTH = 20_000;
export const STORED_CART_KEY = "studio-cart";

export type CartLineState = "ok" | "held" | "soldOut";

/** A store item as a line shows it (the cart, the checkout's review). */
export type ItemLineSummary = {
  itemId: string;
  slug: string;
  name: { en: string; fr: string };
  image: string;
  unitPriceCents: number;
  quantity: number;
};

/** A custom print as a line shows it (the cart, the quote's own answer for the cart). */
export type CustomPrintSummary = {
  quoteId: string;
  name: string;
  thumbnailUrl: string;
  material: { en: string; fr: string };
  colour: { en: string; fr: string };
  quality: { en: string; fr: string };
  quantity: number;
};

export type CartViewLine = ItemLineSummary & {
  kind: "item";
  /** Units the buyer can get now (0 when sold out or held by other shoppers' unpaid orders). */
  available: number;
  state: CartLineState;
  /** Counted in the total: zero for a line that cannot be bought now. */
  lineTotalCents: number;
};
/**
 * A custom print: its quote's price and quantity (changed on the quote's page). `priced` false while
 * a quote past its price hold is being re-quoted: it cannot be bought until it has its new price.
 */
export type CartCustomLine = CustomPrintSummary & {
  kind: "custom_print";
  unitPriceCents: number;
  lineTotalCents: number;
  /** Grams of filament for all the parts, from the slicer (null for a price set by hand). */
  grams: number | null;
  priced: boolean;
  /** The studio's minimum per part, when it sets this line's price (null otherwise). */
  minimumCentsPerPart: number | null;
};
