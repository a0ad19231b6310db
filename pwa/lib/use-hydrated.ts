import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and in the first render in the browser, true from just after it: for parts
 * the server leaves to the browser, so the render that hydrates the server's markup matches it.
 * The switch is a transition, so on a large page it renders in slices rather than one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
