import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and in the render that hydrates its markup, true from then on (and in a page
 * rendered in the browser from the start): for parts the server leaves to the browser, so the
 * hydrating render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
