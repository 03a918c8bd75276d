import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False in the server's HTML and while the page hydrates; true once React runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
