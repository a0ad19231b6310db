// Setup for the 'pwa' vitest project: IndexedDB for Dexie, a clean DOM and storage per test,
// and no request leaves a test unless the test says what it answers (mockFetch in ./fetch.ts).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { provideSavedCopies } from '../app/saved-copies';
import { registerAppWrites } from '../app/write-definitions';
import { takeUnappliedDeliveries } from '#pwa/offline/delivery-record';
import { stopDeliveryReactions } from './render';
import { unexpectedFetch } from './fetch';

// findBy*/waitFor wait up to 3 s: on a busy 2-core CI machine a lazy chunk or a Dexie write can
// take longer than the default 1 s, and a slow machine is not a failing app.
configure({ asyncUtilTimeout: 3000 });

const unexpected: string[] = [];

// Every kind of queued write, and the saved copies for the blog's and videos' reads, as the app
// provides them at start-up.
registerAppWrites();
provideSavedCopies();

// The layout's deferred parts (React.lazy) load their chunks in the browser; here, loaded once up
// front, so a test's first render finds them at once instead of resolving later, outside act().
beforeAll(async () => {
  await Promise.all([
    import('../app/layout/outbox-delivery'),
    import('../features/sync/components/sync-indicator'),
    import('../app/layout/update-prompt'),
    // The menus' 'Theme' and 'Text size' (features/reading/components/reading-settings-lazy.tsx):
    // CI once saw the avatar menu's copy resolve after its test had ended.
    import('../features/reading/components/reading-settings'),
    // The study tools beside an article or a video (app/deferred/study-tools.tsx).
    import('../features/bookmarks/components/bookmark-button'),
    import('../features/progress/components/complete-button'),
    import('../features/notes/components/notes-panel'),
    import('../features/notes/components/notes-button'),
    import('../features/comments/components/comments'),
    // 'Save for offline' beside them (app/deferred/save-tools.tsx).
    import('../features/saved/components/save-button'),
    // The profile's Account section, a lazy part below the profile.
    import('../features/profile/components/account-section'),
  ]);
});

beforeEach(async () => {
  vi.stubGlobal('fetch', unexpectedFetch(unexpected));
  // Deliveries recorded by an earlier test's drain (no delivery reaction mounted) are not this test's.
  await takeUnappliedDeliveries();
});

afterEach(() => {
  try {
    cleanup();
  } finally {
    // Nothing a test left in the DOM meets the next test's queries (CI once found two headers).
    document.body.replaceChildren();
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  // A test's query client stops reacting to deliveries with the test.
  stopDeliveryReactions();
  if (unexpected.length) throw new Error(`Unexpected requests (use mockFetch):\n${unexpected.splice(0).join('\n')}`);
});
