import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from the next
 * render on, and at once where the page was not prerendered. What depends on the moment or the
 * visitor (today's date, the session) waits for it, so the first render matches the build's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
