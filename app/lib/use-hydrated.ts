import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while the page hydrates, true once its script runs: for what only works in a browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
