import { Suspense, type ComponentType, type ReactNode } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { useHydrated } from '#pwa/lib/use-hydrated';

/**
 * `children` (usually lazy) once the page is the browser's; `placeholder` on the server, in the
 * render that hydrates its markup, and while the children's code loads. For the reader's own parts,
 * which the server never renders.
 */
export function AfterHydration({ placeholder = null, children }: { placeholder?: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  // A boundary of its own once hydrated (the key): the page becomes the browser's in one transition
  // (useHydrated), and children that suspend in a boundary already on screen hold a transition back
  // until their code comes. Every part waiting for the page's quiet moment (the update prompt, the
  // outbox) then held back the whole page's switch, the phone menu's with it: its button did nothing
  // for the first seconds. A boundary new in the transition shows its fallback instead
  // (docs/decisions/023-dialogs-opened-often-leave-the-page-alone.md).
  return (
    <Suspense key={hydrated ? 'browser' : 'server'} fallback={placeholder}>
      {hydrated ? children : placeholder}
    </Suspense>
  );
}

/**
 * The component a module exports as `name`, as a part of the page that comes in after hydration
 * (see `AfterHydration`): its code is in no page's first download, and `placeholder` stands in for
 * it until then. `load` runs once, when the component first renders in the browser; if the code
 * does not come (the signal dropped), the placeholder stays and it is asked for again once online
 * (`lazyExport`), never an error in place of the page.
 */
export function afterHydrationLazy<K extends PropertyKey, M extends Record<K, ComponentType<never>>>(load: () => Promise<M>, name: K, placeholder: ReactNode = null): M[K] {
  const Lazy = lazyExport(load, name) as unknown as ComponentType<object>;
  function AfterHydrationLazy(props: object) {
    return (
      <AfterHydration placeholder={placeholder}>
        <Lazy {...props} />
      </AfterHydration>
    );
  }
  return AfterHydrationLazy as unknown as M[K];
}
