import { useState } from "react";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { lazyDialog } from "~/features/shell/lazy-dialog";
import { useServerCart } from "./cart-contents";
import { CartIcon } from "./icons";

/** The drawer's code comes when the cart is first opened. */
const CartDrawer = lazyDialog(
  () => import("./cart-drawer").then((module) => module.CartDrawer),
  (props) => props.open,
);

/**
 * The header's cart button with the count the server rendered. It is a link to the /cart page;
 * when the page runs, a plain click opens the same cart as a drawer instead.
 */
export function CartControl() {
  const m = useMessages("cart");
  const { count } = useServerCart();
  const [open, setOpen] = useState(false);
  return (
    <>
      <LocalizedLink
        to="/cart"
        className="btn btn-secondary relative px-3"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <CartIcon />
        <span aria-hidden="true" className="hidden sm:inline">
          {m.cart.button}
        </span>
        <span
          aria-hidden="true"
          className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent px-1.5 text-sm font-bold text-on-accent"
          data-testid="cart-count"
        >
          {count}
        </span>
        <span className="sr-only">{m.cart.open(count)}</span>
      </LocalizedLink>
      <CartDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
