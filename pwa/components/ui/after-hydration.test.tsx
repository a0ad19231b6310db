import { act, render, screen } from '@testing-library/react';
import { lazy, useLayoutEffect } from 'react';
import { setHydratingServerMarkup } from '#pwa/lib/use-hydrated';
import { AfterHydration } from './after-hydration';

/** A part whose code never comes (it waits for a moment that has not come yet, or the signal dropped). */
const NeverLoads = lazy(() => new Promise<never>(() => {}));

/** Ends the server-markup render once the page has committed, as the app does (app.tsx). */
function HydrationDone() {
  useLayoutEffect(() => setHydratingServerMarkup(false), []);
  return null;
}

afterEach(() => setHydratingServerMarkup(false));

describe('AfterHydration', () => {
  test('a part whose code has not come keeps its placeholder, and holds back no other part', async () => {
    setHydratingServerMarkup(true);
    render(
      <>
        <AfterHydration placeholder={<p>Waiting for its code</p>}>
          <NeverLoads />
        </AfterHydration>
        <AfterHydration placeholder={<p>Server placeholder</p>}>
          <p>The reader’s own part</p>
        </AfterHydration>
        <HydrationDone />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('The reader’s own part')).toBeTruthy();
    expect(screen.getByText('Waiting for its code')).toBeTruthy();
  });
});
