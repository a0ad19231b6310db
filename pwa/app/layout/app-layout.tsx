import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { AuthDialog } from '#pwa/features/auth';
import { Footer } from './footer';
import { Header } from './header';
import { DeferredOutboxDelivery, DeferredUpdatePrompt } from './deferred';
import { OutboxNotices } from './outbox-notices';

export const MAIN_CONTENT_ID = 'main-content';

/** Pages where the sign-in dialog does not open by itself: a forgotten password's reader is on their way to signing in. */
const NO_WELCOME = new Set(['/reset-password']);

/** Every page: skip link, sticky header, the route's content, footer, and the auth dialog. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-field focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-content"
      >
        Skip to main content
      </a>
      <Header />
      {/* At least a screen tall below the header: while a page loads, the footer stays below the
          fold instead of showing and then being pushed down (a layout shift of ~0.5). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <AuthDialog welcome={!NO_WELCOME.has(pathname)} />
      <DeferredUpdatePrompt />
      {/* Delivers queued writes (at start, online, visible), refreshes what they touched, shows failures. */}
      <DeferredOutboxDelivery />
      {/* The failure toast and the sign-in prompt when a queued write is refused or the session ended. */}
      <OutboxNotices />
      <ScrollRestoration />
    </div>
  );
}
