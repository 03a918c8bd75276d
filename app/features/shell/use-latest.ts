import { useEffect, useRef } from "react";

/**
 * A ref holding this render's value, for effects that read a callback or a message but must run
 * only when something else changes (a payment intent, an address). The ref itself never changes.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
