import { useEffect, useId, useRef } from "react";
import { LocalizedLink } from "~/features/i18n/localized-link";
import { useMessages } from "~/features/i18n/use-locale";
import { CloseIcon } from "~/features/shell/icons";
import { ItemDetails } from "./item-details";
import type { StoreItem } from "../../../domain/catalogue-types.ts";

/**
 * The item over the grid: a native modal dialog (focus kept inside, Escape closes), labelled by the
 * item's name. Closing gives focus back to what opened it.
 */
export function ItemDialog({ item, onClose }: { item: StoreItem | undefined; onClose: () => void }) {
  const m = useMessages("store");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closedByProps = useRef(false);
  const headingId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (item && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!item && dialog.open) {
      // The address lost its item (Back button): close without asking to navigate again.
      closedByProps.current = true;
      dialog.close();
    }
  }, [item]);

  const handleClose = () => {
    if (closedByProps.current) closedByProps.current = false;
    else onClose();
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) requestAnimationFrame(() => target.focus());
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={item ? headingId : undefined}
      onClose={handleClose}
      onClick={(event) => event.target === ref.current && ref.current?.close()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl overflow-y-auto rounded-2xl bg-surface p-0 text-text shadow-2xl backdrop:bg-black/50"
    >
      {item && (
        <div className="p-6 sm:p-8">
          <div className="mb-4 flex items-center justify-between gap-4">
            <LocalizedLink to={`/store/${item.slug}`} className="text-sm font-semibold text-accent underline">
              {m.store.itemPage}
            </LocalizedLink>
            <button
              type="button"
              className="icon-btn"
              aria-label={m.store.closeItem}
              onClick={() => ref.current?.close()}
            >
              <CloseIcon />
            </button>
          </div>
          <ItemDetails key={item.id} item={item} heading="h2" headingId={headingId} />
        </div>
      )}
    </dialog>
  );
}
