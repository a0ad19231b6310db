import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * `children` (usually lazy) once the page is the browser's; `placeholder` on the server, in the
 * render that hydrates its markup, and while the children's code loads. For the reader's own parts,
 * which the server never renders.
 */
export function AfterHydration({ placeholder = null, children }: { placeholder?: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return <Suspense fallback={placeholder}>{hydrated ? children : placeholder}</Suspense>;
}
