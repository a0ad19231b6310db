import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mockFetch, offline } from '#pwa/test/fetch';
import { aSavedPost, aSavedVideo, memoryCaches } from '#pwa/test/saved';
import { SAVED_PICTURES_CACHE } from './saved-pictures';
import { picturesOf } from './saved-items';
import { allSaved, getSavedPost, getSavedVideo, removeSaved, saveItem, savedDb, savedItemBytes, savedKey, totalSavedBytes } from './saved-store';

const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

beforeEach(async () => {
  await savedDb.items.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('the saved store', () => {
  test('never evicts: 300 posts and 50 videos (~1.5 MB) all stay, and only what the reader removes leaves', async () => {
    const long = 'Lorem ipsum dolor sit amet. '.repeat(180); // ~5 kB a post
    for (let id = 1; id <= 300; id++) await saveItem({ kind: 'post', post: aSavedPost(id, { content: long }) });
    for (let id = 1; id <= 50; id++) await saveItem({ kind: 'video', video: aSavedVideo(id) });
    expect(await savedDb.items.count()).toBe(350);
    expect(totalSavedBytes(await allSaved())).toBeGreaterThan(1_500_000);

    await removeSaved(savedKey('post', 17));
    const left = await allSaved();
    expect(left).toHaveLength(349);
    expect(left.some((item) => item.key === 'post-17')).toBe(false);
    expect((await getSavedPost(1))?.content).toBe(long);
    expect((await getSavedPost(300))?.content).toBe(long);
    expect((await getSavedVideo(50))?.title).toBe('Video 50');
  });

  test('keeps the whole post as the API answers it, and the video details; saving again replaces, never doubles', async () => {
    const post = aSavedPost(4, { content: 'First version' });
    await saveItem({ kind: 'post', post });
    await saveItem({ kind: 'post', post: { ...post, content: 'Second version' } });
    await saveItem({ kind: 'video', video: aSavedVideo(4) });
    expect(await savedDb.items.count()).toBe(2);
    expect(await getSavedPost(4)).toEqual({ ...post, content: 'Second version' });
    expect(await getSavedVideo(4)).toEqual(aSavedVideo(4));
    // A post and a video with the same id are different items.
    expect(await getSavedVideo(5)).toBeUndefined();
  });

  test('lists newest save first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
    await saveItem({ kind: 'post', post: aSavedPost(1) });
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    await saveItem({ kind: 'video', video: aSavedVideo(2) });
    vi.useRealTimers();
    expect((await allSaved()).map((item) => item.key)).toEqual(['video-2', 'post-1']);
  });
});

describe('size accounting', () => {
  test("an item's size is its text as UTF-8 (accents count twice) plus its picture's bytes", async () => {
    const { caches, stores } = memoryCaches();
    vi.stubGlobal('caches', caches);
    mockFetch(() => new Response(new Uint8Array(2048), { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));
    const post = aSavedPost(1, { title: 'Élan', content: 'Café crème — déjà vu', thumbnailUrl: 'https://i.ytimg.com/vi/a1/hqdefault.jpg' });
    const item = await saveItem({ kind: 'post', post }, post.thumbnailUrl);
    expect(item.textBytes).toBe(utf8(post));
    expect(item.textBytes).toBeGreaterThan(JSON.stringify(post).length);
    expect(item.pictureBytes).toBe(2048);
    expect(savedItemBytes(item)).toBe(utf8(post) + 2048);
    expect(stores.get(SAVED_PICTURES_CACHE)?.has('https://i.ytimg.com/vi/a1/hqdefault.jpg')).toBe(true);

    const video = await saveItem({ kind: 'video', video: aSavedVideo(2) });
    expect(totalSavedBytes(await allSaved())).toBe(utf8(post) + 2048 + utf8(aSavedVideo(2)));
    expect(video.pictureBytes).toBeNull();
  });

  test("another host's picture (which the CSP does not let the page download) is not fetched; the post is saved without it", async () => {
    vi.stubGlobal('caches', memoryCaches().caches);
    const requests = mockFetch(() => new Response(new Uint8Array(10), { status: 200 }));
    const item = await saveItem({ kind: 'post', post: aSavedPost(5) }, 'https://cdn.substack.example/picture.jpg');
    expect(item).toMatchObject({ pictureUrl: null, pictureBytes: null });
    expect(requests).toEqual([]);
  });

  test('a picture that cannot be kept (no connection) leaves the item saved without one', async () => {
    vi.stubGlobal('caches', memoryCaches().caches);
    mockFetch(() => offline());
    const item = await saveItem({ kind: 'video', video: aSavedVideo(3) }, 'https://i.ytimg.com/vi/yt3/hqdefault.jpg');
    expect(item).toMatchObject({ pictureUrl: null, pictureBytes: null });
    expect(await getSavedVideo(3)).toEqual(aSavedVideo(3));
  });

  test('removing an item removes its picture, unless another saved item shows it', async () => {
    const { caches, stores } = memoryCaches();
    vi.stubGlobal('caches', caches);
    mockFetch(() => new Response(new Uint8Array(10), { status: 200 }));
    const shared = 'https://i.ytimg.com/vi/shared/hqdefault.jpg';
    await saveItem({ kind: 'post', post: aSavedPost(1) }, shared);
    await saveItem({ kind: 'post', post: aSavedPost(2) }, shared);
    await removeSaved('post-1');
    expect(stores.get(SAVED_PICTURES_CACHE)?.has(shared)).toBe(true);
    await removeSaved('post-2');
    expect(stores.get(SAVED_PICTURES_CACHE)?.has(shared)).toBe(false);
  });
});

describe("a post's pictures (docs/product.md#saved-for-offline)", () => {
  const A = '/objects/aaaaaaaa-0000-4000-8000-000000000001';
  const B = '/objects/bbbbbbbb-0000-4000-8000-000000000002';
  const COVER = '/objects/cccccccc-0000-4000-8000-000000000003';
  const kept = (stores: Map<string, Map<string, Response>>) => [...(stores.get(SAVED_PICTURES_CACHE)?.keys() ?? [])].sort();
  const at = (path: string) => new URL(path, location.href).href;

  test('picturesOf: the cover first (else the thumbnail), then every upload the text shows, each once', () => {
    const post = aSavedPost(1, {
      coverImageUrl: COVER,
      coverImageAlt: 'A lamp',
      thumbnailUrl: 'https://i.ytimg.com/vi/t/hqdefault.jpg',
      content: `![One](${A})\n\n![Again](${A}) and ![Two](${location.origin}${B}) and ![Elsewhere](https://cdn.example.net/x.png)`,
    });
    expect(picturesOf({ kind: 'post', post })).toEqual([COVER, A, B]);
    expect(picturesOf({ kind: 'post', post: { ...post, coverImageUrl: null, content: '' } })).toEqual(['https://i.ytimg.com/vi/t/hqdefault.jpg']);
    expect(picturesOf({ kind: 'post', post: { ...post, coverImageUrl: null, thumbnailUrl: null, content: 'No pictures.' } })).toEqual([]);
  });

  test('the cover and every picture of the text are kept under the address the page asks for, counted, and removed with the item', async () => {
    const { caches, stores } = memoryCaches();
    vi.stubGlobal('caches', caches);
    mockFetch(() => new Response(new Uint8Array(100), { status: 200, headers: { 'Content-Type': 'image/png' } }));
    const post = aSavedPost(7, { coverImageUrl: COVER, coverImageAlt: 'A lamp', content: `![One](${A})\n\n![Two](${B})` });
    const item = await saveItem({ kind: 'post', post }, picturesOf({ kind: 'post', post }));
    expect(item).toMatchObject({ pictureUrl: COVER, pictureUrls: [COVER, A, B], pictureBytes: 300 });
    expect(kept(stores)).toEqual([at(A), at(B), at(COVER)].sort());

    // Saved again without one picture: that one is let go, the others stay.
    const edited = { ...post, content: `![One](${A})` };
    await saveItem({ kind: 'post', post: edited }, picturesOf({ kind: 'post', post: edited }));
    expect(kept(stores)).toEqual([at(A), at(COVER)].sort());

    await removeSaved('post-7');
    expect(kept(stores)).toEqual([]);
  });

  test('a picture two saved posts show stays until neither keeps it', async () => {
    const { caches, stores } = memoryCaches();
    vi.stubGlobal('caches', caches);
    mockFetch(() => new Response(new Uint8Array(10), { status: 200 }));
    const one = aSavedPost(1, { content: `![Shared](${A})` });
    const two = aSavedPost(2, { coverImageUrl: A, coverImageAlt: 'Shared' });
    await saveItem({ kind: 'post', post: one }, picturesOf({ kind: 'post', post: one }));
    await saveItem({ kind: 'post', post: two }, picturesOf({ kind: 'post', post: two }));
    await removeSaved('post-1');
    expect(kept(stores)).toEqual([at(A)]);
    await removeSaved('post-2');
    expect(kept(stores)).toEqual([]);
  });
});

describe('persistent storage', () => {
  test('the first save asks the browser to keep the storage; later saves do not ask again', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => false, estimate: async () => ({}) } });
    await saveItem({ kind: 'post', post: aSavedPost(1) });
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await saveItem({ kind: 'post', post: aSavedPost(2) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(persist).toHaveBeenCalledTimes(1);
  });
});

