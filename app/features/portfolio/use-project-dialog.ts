import { useCallback, useEffect, useRef, useState } from "react";

/** The spec: the selected project is cleared this long after the dialog closes, so it can fade out. */
export const DIALOG_CLOSE_DELAY_MS = 300;

/**
 * Which project the dialog shows. Opening remembers what had the focus; closing gives the focus
 * back to it and clears the selection after the closing animation.
 */
export function useProjectDialog<T>(initial: T | null = null) {
  const [selected, setSelected] = useState<T | null>(initial);
  const [open, setOpen] = useState(initial !== null);
  const opener = useRef<HTMLElement | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const show = useCallback((item: T, from?: HTMLElement | null) => {
    clearTimeout(clearTimer.current);
    opener.current = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setSelected(item);
    setOpen(true);
  }, []);

  /** Called when the dialog has closed, whatever closed it (button, overlay, Escape). */
  const closed = useCallback(() => {
    setOpen(false);
    opener.current?.focus({ preventScroll: true });
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setSelected(null), DIALOG_CLOSE_DELAY_MS);
  }, []);

  return { selected, open, show, closed };
}
