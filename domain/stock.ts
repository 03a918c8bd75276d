/** Under this many units an item shows its low-stock mark (spec, section 9). */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = "outOfStock" | "lowStock" | "inStock";

export function stockState(stock: number): StockState {
  if (stock <= 0) return "outOfStock";
  return stock < LOW_STOCK_THRESHOLD ? "lowStock" : "inStock";
}
