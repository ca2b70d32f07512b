import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while the server HTML is being hydrated, true in every later client render. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
