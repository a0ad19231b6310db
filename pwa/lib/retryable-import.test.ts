import { describe, expect, test } from 'vitest';
import { failedModuleUrl, retryableImport } from './retryable-import';

const chromiumFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('failedModuleUrl', () => {
  test("names the page's own script from Chromium's and Firefox's messages, without a retry's query", () => {
    const url = `${window.location.origin}/assets/blog-post-Zr9d_04x.js`;
    expect(failedModuleUrl(chromiumFailure(url))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}?retry=2`))).toBe(url);
  });

  test("nothing for Safari's message, another site's script or something that is not an error", () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl(chromiumFailure('https://elsewhere.example/assets/evil.js'))).toBeNull();
    expect(failedModuleUrl('Failed to fetch dynamically imported module')).toBeNull();
  });
});

describe('retryableImport', () => {
  test('the first failure is passed on as it is', async () => {
    const failure = chromiumFailure(`${window.location.origin}/assets/x.js`);
    const load = retryableImport(() => Promise.reject(failure));
    await expect(load()).rejects.toBe(failure);
  });

  test('where the failure names no script, the next call loads again the usual way', async () => {
    let calls = 0;
    const load = retryableImport(() => (++calls === 1 ? Promise.reject(new TypeError('Importing a module script failed.')) : Promise.resolve({ ok: true })));
    await expect(load()).rejects.toThrow();
    await expect(load()).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  test('a success is not retried: later calls load the usual way', async () => {
    let calls = 0;
    const load = retryableImport(() => Promise.resolve(++calls));
    await load();
    await expect(load()).resolves.toBe(2);
  });

  test('after a failure that names its script, the retry asks for it under a new address, and keeps the one that loaded', async () => {
    const url = `${window.location.origin}/assets/blog-post-Zr9d_04x.js`;
    const asked: string[] = [];
    let answers = 0;
    const load = retryableImport(
      () => Promise.reject(chromiumFailure(url)),
      (address) => {
        asked.push(address);
        // The first retry drops with the signal too; the second loads.
        return ++answers === 1 ? Promise.reject(chromiumFailure(address)) : Promise.resolve({ module: address });
      },
    );
    await expect(load()).rejects.toThrow();
    await expect(load()).rejects.toThrow();
    await expect(load()).resolves.toEqual({ module: `${url}?retry=2` });
    await expect(load()).resolves.toEqual({ module: `${url}?retry=2` });
    expect(asked).toEqual([`${url}?retry=1`, `${url}?retry=2`, `${url}?retry=2`]);
  });
});
