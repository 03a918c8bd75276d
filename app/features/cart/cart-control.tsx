import { useState } from "react";
import { useMessages } from "~/features/i18n/use-locale";
import { lazyDialog } from "~/features/shell/lazy-dialog";
import { useHydrated } from "~/features/shell/use-hydrated";
import { cartCount } from "~/lib/cart";
import { CartIcon } from "./icons";
import { useCart } from "./use-cart";

/** The drawer's code comes when the cart is first opened. */
const CartDrawer = lazyDialog(
  () => import("./cart-drawer").then((module) => module.CartDrawer),
  (props) => props.open,
);

/** The store's cart button (with the item count) and the drawer it opens. */
export function CartControl() {
  const m = useMessages("cart", "store");
  const { cart } = useCart();
  const [open, setOpen] = useState(false);
  const live = useHydrated(); // a click before the page runs would open nothing
  const count = cartCount(cart);
  return (
    <>
      <button type="button" className="btn btn-secondary relative" aria-haspopup="dialog" disabled={!live} onClick={() => setOpen(true)}>
        <CartIcon />
        <span aria-hidden="true">{m.cart.button}</span>
        <span
          aria-hidden="true"
          className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-sm font-bold text-on-accent"
          data-testid="cart-count"
        >
          {count}
        </span>
        <span className="sr-only">{m.cart.open(count)}</span>
      </button>
      <CartDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
