import { useMessages } from "~/features/i18n/use-locale";
import { stockState } from "../../../domain/stock.ts";

/** In stock, the low-stock mark under 5 ("Only N left"), or out of stock. */
export function StockBadge({ stock, className = "" }: { stock: number; className?: string }) {
  const m = useMessages("store");
  const state = stockState(stock);
  const styles = {
    outOfStock: "border-danger/40 bg-danger/10 text-danger",
    lowStock: "border-warning/50 bg-warning/10 text-warning",
    inStock: "border-success/40 bg-success/10 text-success",
  }[state];
  const text =
    state === "outOfStock" ? m.store.outOfStock : state === "lowStock" ? m.store.lowStock(stock) : m.store.inStock;
  return (
    <span
      className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold ${styles} ${className}`}
      data-stock={state}
    >
      {text}
    </span>
  );
}
