import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMoney } from "~/features/cart/use-money";
import { useMessages } from "~/features/i18n/use-locale";
import { useFetcher } from "react-router";
import { useCartAction } from "~/features/cart/cart-contents";
import { stockState } from "../../../domain/stock.ts";
import { StockBadge } from "./stock-badge";
import type { StoreItem } from "../../../domain/catalogue-types.ts";

/** The key of the store grid's "Add to cart" fetcher. */
export const QUICK_ADD = "store-quick-add";

/**
 * One item of the grid. Its name links to the item's own page (crawlers and new tabs follow it);
 * a plain click opens the item dialog instead. The whole card is clickable through the name's link.
 */
export function ItemCard({
  item,
  eager,
  onOpen,
}: {
  item: StoreItem;
  eager: boolean;
  onOpen: (item: StoreItem) => void;
}) {
  const m = useMessages("store");
  const money = useMoney();
  // One fetcher for the whole grid: the store page shows its outcome (QUICK_ADD).
  const fetcher = useFetcher({ key: QUICK_ADD });
  const action = useCartAction();
  const soldOut = stockState(item.stock) === "outOfStock";
  const open = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(item);
  };

  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <img
        src={item.images.main}
        alt=""
        width={800}
        height={600}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-[4/3] w-full bg-surface-2 object-cover ${soldOut ? "opacity-60 grayscale" : ""}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-muted uppercase">{item.category.name}</p>
        <h2 className="text-lg leading-snug font-bold">
          <LocalizedLink
            to={`/store/${item.slug}`}
            onClick={open}
            aria-haspopup="dialog"
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {item.name}
          </LocalizedLink>
        </h2>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="text-lg font-bold">{money(item.priceCents)}</span>
          <StockBadge stock={item.stock} />
        </div>
        <fetcher.Form method="post" action={action} className="relative z-10 mt-2">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="itemId" value={item.id} />
          <input type="hidden" name="quantity" value="1" />
          <button
            type="submit"
            className="btn btn-primary w-full"
            disabled={soldOut}
            aria-label={soldOut ? m.store.itemOutOfStock(item.name) : m.store.addItemToCart(item.name)}
          >
            {soldOut ? m.store.outOfStock : m.store.addToCart}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
