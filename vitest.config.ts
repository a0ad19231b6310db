import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // Vitest keeps a core for itself (one worker on CI's two cores), but the suites spend much of
    // their time waiting on PostgreSQL, servers and chromium: with two workers the API suite on
    // PostgreSQL took 208 s instead of 258 s on two busy cores. The journeys stay one file at a
    // time (fileParallelism below).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['api/**/*.test.ts', 'contract/**/*.test.ts', 'seeds/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/offline/**/*.test.ts', 'tests/support/**/*.test.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Components and hooks in a simulated browser (happy-dom, fake IndexedDB).
        extends: true,
        test: {
          name: 'pwa',
          environment: 'happy-dom',
          include: ['pwa/**/*.test.{ts,tsx}'],
          // Hooks run in reverse: setup.ts's afterEach (cleanup) runs before the console check,
          // whose throw would otherwise skip it and leave the test's tree in the next test's DOM.
          setupFiles: ['tests/support/fail-on-console-error.ts', 'pwa/test/setup.ts'],
          // A test may wait for several lazy chunks and Dexie writes, each up to the 3 s of
          // asyncUtilTimeout (pwa/test/setup.ts): vitest's 5 s default is too short on a busy CI machine.
          testTimeout: 15_000,
        },
      },
      {
        // Journeys in Debian's chromium against the real server (e2e/support/global-setup.ts).
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the browser does, as Playwright's own waits do (10 s): its
          // default second failed a journey on a busy 2-core CI machine where the page was right.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
