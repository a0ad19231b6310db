import { startTransition, useEffect, useState } from 'react';
import type { Formatting } from './format';

/** Whether the render under way is the server's, or the browser's hydrating the server's markup. */
let renderingServerMarkup = typeof window === 'undefined';

/** Set by the browser around the hydration of a page the server rendered (main.tsx, App). */
export function setHydratingServerMarkup(on: boolean): void {
  renderingServerMarkup = on;
}

/** Whether the render under way hydrates the server's markup (false on the server itself). */
export function isHydratingServerMarkup(): boolean {
  return renderingServerMarkup && typeof document !== 'undefined';
}

/**
 * False on the server and in the render that hydrates its markup, true just after (as a
 * transition, so a large page re-renders in slices); true from the start where the browser renders
 * alone. For parts the server leaves to the browser, so the hydrating render matches the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !renderingServerMarkup);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** The site's formatting (en-US, UTC) while the server's markup is rendered or hydrated, then the reader's. */
export function useFormatting(): Formatting {
  return useHydrated() ? 'reader' : 'site';
}
