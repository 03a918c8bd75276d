import { useId, useState } from "react";
import { useMoney } from "~/features/cart/use-money";
import { useMessages } from "~/features/i18n/use-locale";
import { stockState } from "../../../domain/stock.ts";
import { AddToCartForm } from "./add-to-cart";
import { StockBadge } from "./stock-badge";
import { ItemModelView, ModelToggle } from "./item-model";
import type { StoreItem } from "../../../domain/catalogue-types.ts";

/** An item's pictures, words, price, stock and add-to-cart: the dialog and the item's page share it. */
export function ItemDetails({
  item,
  heading: Heading,
  headingId,
}: {
  item: StoreItem;
  heading: "h1" | "h2";
  headingId?: string;
}) {
  const m = useMessages("store");
  const money = useMoney();
  const pictures = [item.images.main, ...item.images.gallery];
  const [shown, setShown] = useState(0);
  const soldOut = stockState(item.stock) === "outOfStock";
  // The 3D view takes the picture's place when the buyer asks for it (an item with a model).
  const [in3d, setIn3d] = useState(false);
  const viewId = useId();

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <div>
        {in3d && item.model ? (
          <ItemModelView model={item.model} name={item.name} id={viewId} />
        ) : (
          <img
            id={viewId}
            src={pictures[shown]}
            alt={m.store.pictureOf(item.name, shown + 1)}
            width={800}
            height={600}
            className="aspect-[4/3] w-full rounded-2xl border border-border bg-surface-2 object-cover"
          />
        )}
        {pictures.length > 1 && (
          <ul className="mt-3 flex gap-2" aria-label={m.store.pictures}>
            {pictures.map((src, index) => (
              <li key={src}>
                <button
                  type="button"
                  aria-label={m.store.showPicture(index + 1, pictures.length)}
                  aria-pressed={!in3d && index === shown}
                  onClick={() => {
                    setShown(index);
                    setIn3d(false);
                  }}
                  className={`block overflow-hidden rounded-lg border-2 ${index === shown ? "border-accent" : "border-border"}`}
                >
                  <img src={src} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {item.model && <ModelToggle shown={in3d} onToggle={() => setIn3d((now) => !now)} controls={viewId} />}
      </div>
      <div>
        <p className="text-sm font-semibold tracking-wide text-muted uppercase">{item.category.name}</p>
        <Heading id={headingId} className="mt-1 text-3xl font-bold">
          {item.name}
        </Heading>
        <p className="mt-3 flex flex-wrap items-center gap-3">
          <span className="text-2xl font-bold" data-testid="item-price">
            {money(item.priceCents)}
          </span>
          {!soldOut && <StockBadge stock={item.stock} />}
        </p>
        <p className="mt-4 whitespace-pre-line text-muted">{item.description}</p>
        {/* Out of stock: said plainly, with no quantity to choose and no button that does nothing. */}
        {soldOut ? (
          <p className="mt-6 text-lg font-semibold text-danger" data-stock="outOfStock">
            {m.store.outOfStock}
          </p>
        ) : (
          <AddToCartForm key={item.id} item={item} />
        )}
      </div>
    </div>
  );
}
