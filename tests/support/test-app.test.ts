// useTestApp (test-app.ts): the hooks it registers start and close the app, what it returns
// reads the started app, and a read outside the hooks' span says so instead of failing later on
// an undefined field.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertVideo } from './fixtures';
import { useTestApp, type TestApp } from './test-app';

const BEFORE = 'the test app is used before beforeAll started it';
const AFTER = 'the test app is used after it was closed';

/** The error `read` throws, or undefined. */
function errorOf(read: () => unknown): unknown {
  try {
    read();
    return undefined;
  } catch (error) {
    return error;
  }
}

const app = useTestApp({ env: { PUBLIC_URL: 'https://example.org' } });
// Read while vitest collects the file, before any hook has run.
const early = [errorOf(() => app.url), errorOf(() => app.db), errorOf(() => app.config), errorOf(() => app.events), errorOf(() => app.client())];

let videoId = 0;
beforeAll(async () => {
  // A file's own beforeAll, registered after useTestApp, finds the app started.
  videoId = await insertVideo(app.db, { title: 'Seen by both apps' });
});

test('a read before beforeAll started the app throws, saying so', () => {
  for (const error of early) {
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(BEFORE);
  }
});

test('in the tests, each field is the started app’s, started with the options given', async () => {
  expect(app.config.publicUrl).toBe('https://example.org');
  expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(typeof app.events.publish).toBe('function');
  const res = await app.client().get('/api/videos');
  expect(res.status).toBe(200);
  expect(res.body.map((v: { id: number }) => v.id)).toContain(videoId);
});

let inner: TestApp;
let innerUrl = '';
describe('an app of a describe block', () => {
  const own = useTestApp({ sameDatabaseAs: app });
  inner = own;
  afterAll(async () => {
    // Registered after useTestApp, so it runs before the close: the app is still there.
    await own.db('videos').where({ id: videoId }).update({ title: 'Renamed by the inner teardown' });
  });

  test('is an app of its own, on the database of the app named', async () => {
    innerUrl = own.url;
    expect(own.url).not.toBe(app.url);
    const res = await own.client().get(`/api/videos/${videoId}`);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Seen by both apps');
  });
});

test('the describe block’s afterAll closed its app, after the block’s own teardown', async () => {
  expect(innerUrl).not.toBe('');
  expect(errorOf(() => inner.url)).toEqual(new Error(AFTER));
  await expect(fetch(`${innerUrl}/api/videos`)).rejects.toThrow();
  const row = await app.db('videos').where({ id: videoId }).first();
  expect(row.title).toBe('Renamed by the inner teardown');
});

describe('an app a test closes itself', () => {
  const own = useTestApp();

  test('is closed once: later reads throw, and afterAll has nothing left to close', async () => {
    const url = own.url;
    await own.close();
    await expect(fetch(`${url}/api/videos`)).rejects.toThrow();
    expect(errorOf(() => own.db)).toEqual(new Error(AFTER));
    await expect(own.close()).rejects.toThrow(AFTER);
  });
});
