// The blog's and the videos' reads with the saved feature's store, as the app wires them
// (saved-copies.ts; pwa/test/setup.ts provides them as app.tsx does at start).
import { getPostOrSaved } from '#pwa/features/blog/api/get-post';
import { saveItem, savedDb } from '#pwa/features/saved/api/saved-store';
import { getVideoOrSaved } from '#pwa/features/videos/api/get-video';
import { ApiError, NetworkError } from '#pwa/lib/api-client';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { aSavedPost, aSavedVideo } from '#pwa/test/saved';

beforeEach(async () => {
  await savedDb.items.clear();
});

describe("the post page's read (saved for offline)", () => {
  test('with no network, a post saved on this device (never opened) comes from the saved copy, whole', async () => {
    const post = aSavedPost(5, { content: '## Never opened\n\nBut saved with the rest of its category.' });
    await saveItem({ kind: 'post', post });
    mockFetch(() => offline());
    expect(await getPostOrSaved(5)).toEqual(post);
  });

  test('with no network and no saved copy, the network error stands', async () => {
    mockFetch(() => offline());
    await expect(getPostOrSaved(6)).rejects.toBeInstanceOf(NetworkError);
  });

  test("online, the server's answer wins, and its 404 is not hidden by a saved copy", async () => {
    await saveItem({ kind: 'post', post: aSavedPost(5, { title: 'Old title' }) });
    mockFetch((request) => (request.path === '/api/blog/5' ? json(200, aSavedPost(5, { title: 'New title' })) : json(404, { message: 'Post not found' })));
    expect((await getPostOrSaved(5)).title).toBe('New title');
    await saveItem({ kind: 'post', post: aSavedPost(9) });
    await expect(getPostOrSaved(9)).rejects.toBeInstanceOf(ApiError);
  });
});

test("with no network, a video saved on this device gives the watch page its details; one not saved stays a network error", async () => {
  await saveItem({ kind: 'video', video: aSavedVideo(3) });
  mockFetch(() => offline());
  expect(await getVideoOrSaved(3)).toEqual(aSavedVideo(3));
  await expect(getVideoOrSaved(4)).rejects.toBeInstanceOf(NetworkError);
});
