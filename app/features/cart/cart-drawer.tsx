import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { useMessages } from "~/features/i18n/use-locale";
import { CloseIcon } from "~/features/shell/icons";
import { CartContents } from "./cart-contents";

/** The /cart page's contents in a side drawer (a native modal dialog), opened by the header's cart link. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages("cart");
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Following a link out of the drawer (checkout, an item) closes it.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) ref.current?.close();
    shownAt.current = pathname;
  }, [pathname]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-surface p-0 text-text shadow-2xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id={headingId} className="text-xl font-bold">
            {m.cart.title}
          </h2>
          <button type="button" className="icon-btn" aria-label={m.cart.close} onClick={() => ref.current?.close()}>
            <CloseIcon />
          </button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-5 py-4">
          <CartContents />
        </div>
      </div>
    </dialog>
  );
}
