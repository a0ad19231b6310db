import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
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

/**
 * The component `load` resolves to, as a part of the page that comes in after hydration (see
 * `AfterHydration`): its code is in no page's first download, and `placeholder` stands in for it
 * until then. `load` runs once, when the component first renders in the browser.
 */
export function afterHydrationLazy<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: ReactNode = null): (props: P) => ReactNode {
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })));
  return function AfterHydrationLazy(props: P) {
    return (
      <AfterHydration placeholder={placeholder}>
        <Lazy {...props} />
      </AfterHydration>
    );
  };
}
