import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { lazyExport, loadExport, moduleWith } from './lazy-part';

const chromiumFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
const url = `${window.location.origin}/assets/bookmark-button-Ab12_cd3.js`;
const module = { BookmarkButton: () => <button type="button">Bookmark</button> };

describe('moduleWith', () => {
  test("the chunk's namespace when the module is its chunk's own, else the module's namespace the chunk exports under a short name", () => {
    expect(moduleWith(module, 'BookmarkButton')).toBe(module);
    const shared = { t: module, n: { other: 1 } };
    expect(moduleWith(shared, 'BookmarkButton')).toBe(module);
    expect(() => moduleWith({ t: { other: 1 } }, 'BookmarkButton')).toThrow(/no export BookmarkButton/);
  });
});

describe('loadExport', () => {
  test('after a failure it waits for the signal, then asks for the script under a new address, until it comes', async () => {
    const waits: number[] = [];
    const asked: string[] = [];
    const load = loadExport(() => Promise.reject(chromiumFailure(url)), 'BookmarkButton', {
      wait: (ms) => (waits.push(ms), Promise.resolve()),
      // The first retry drops too; the second comes, from a chunk that holds other modules as well.
      importUrl: (address) => (asked.push(address), asked.length === 1 ? Promise.reject(chromiumFailure(address)) : Promise.resolve({ t: module })),
    });
    await expect(load()).resolves.toBe(module.BookmarkButton);
    expect(asked).toEqual([`${url}?retry=1`, `${url}?retry=2`]);
    // A second, then twice as long.
    expect(waits).toEqual([1000, 2000]);
    // Loaded once: later calls do not ask again.
    await expect(load()).resolves.toBe(module.BookmarkButton);
    expect(asked).toHaveLength(2);
  });

  test('never rejects: a script that never comes is given up on after its attempts, and waits are at most a minute', async () => {
    const waits: number[] = [];
    let settled = false;
    const load = loadExport(() => Promise.reject(new TypeError('Importing a module script failed.')), 'BookmarkButton', {
      wait: (ms) => (waits.push(ms), Promise.resolve()),
    });
    void load().then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
  });
});

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

describe('lazyExport', () => {
  test("a part whose code does not come at first keeps its placeholder, never the page's error, and shows once it comes", async () => {
    let attempts = 0;
    const Part = lazyExport(() => (++attempts === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve(module)), 'BookmarkButton');
    render(
      <Boundary>
        <Suspense fallback={<span>placeholder</span>}>
          <Part />
        </Suspense>
      </Boundary>,
    );
    expect(screen.getByText('placeholder')).toBeTruthy();
    // The retry comes a second after the failure (the test's browser is online).
    expect(await screen.findByRole('button', { name: 'Bookmark' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(attempts).toBe(2);
  });
});
