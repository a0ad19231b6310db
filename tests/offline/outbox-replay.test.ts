// The outbox against the real API and database: a write whose answer was lost on the way back
// is delivered again with the same Idempotency-Key, and the server keeps exactly one of it.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, test } from 'vitest';
import { registerAppWrites } from '#pwa/app/write-definitions';
import { createFolderWrite, moveBookmarkWrite, saveBookmarkWrite } from '#pwa/features/bookmarks/api/writes';
import { postCommentWrite } from '#pwa/features/comments/api/writes';
import { setProgressWrite } from '#pwa/features/progress/api/writes';
import { AppDatabase } from '#pwa/offline/device-db';
import { Outbox } from '#pwa/offline/outbox';
import { OutboxEvents } from '#pwa/offline/outbox-events';
import { insertVideo } from '../support/fixtures';
import { signUp, useTestApp, type ApiClient } from '../support/test-app';

registerAppWrites();

const app = useTestApp();
let videoId: number;
beforeAll(async () => {
  videoId = await insertVideo(app.db, { title: 'Replayed', description: 'd', category: 'theology', duration: '10:00', youtube_id: 'abcdefghijk' });
});

/** fetch as the signed-in browser would send it; `loseAnswers` drops the server's answer after it arrived. */
function browserFetch(client: ApiClient, opts: { loseAnswers: number; paths?: string[] }) {
  let toLose = opts.loseAnswers;
  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    opts.paths?.push(String(input));
    const headers = new Headers(init.headers);
    headers.set('cookie', client.cookieHeader);
    const response = await fetch(app.url + String(input), { ...init, headers });
    await response.clone().text();
    if (toLose > 0) {
      toLose -= 1;
      throw new TypeError('Failed to fetch'); // the request reached the server; the answer did not reach us
    }
    return response;
  }) as typeof fetch;
}

function outboxFor(client: ApiClient, loseAnswers: number) {
  const db = new AppDatabase(`replay-${Math.random()}`);
  const paths: string[] = [];
  const box = new Outbox({ db, fetch: browserFetch(client, { loseAnswers, paths }), backoff: () => 0, locks: null, events: new OutboxEvents() });
  return { db, box, paths };
}

describe('outbox replay against the real API', () => {
  test('a comment whose answer was lost is sent again and stored once', async () => {
    const client = app.client();
    const user = await signUp(client);
    const { db, box } = outboxFor(client, 1);
    await box.enqueue(postCommentWrite, user.id, { contentType: 'video', contentId: videoId, comment: 'Posted on a train' });
    expect((await box.drain(user.id)).stoppedBy).toBe('network');
    expect(await db.outbox.count()).toBe(1);
    expect((await box.drain(user.id)).delivered).toBe(1);
    box.stop();
    expect(await db.outbox.count()).toBe(0);
    const rows = await app.db('comments').where({ user_id: user.id, content_id: videoId });
    expect(rows).toHaveLength(1);
    expect(rows[0].comment).toBe('Posted on a train');
  });

  test('a folder create and a bookmark into it, each replayed, leave one folder and one bookmark', async () => {
    const client = app.client();
    const user = await signUp(client);
    const { db, box } = outboxFor(client, 2);
    const folderId = '0b6f4a2e-1c1d-4a4e-9d35-5b9a1f0c7e21';
    await box.enqueue(createFolderWrite, user.id, { id: folderId, name: 'Romans', color: '#3B82F6' });
    await box.enqueue(saveBookmarkWrite, user.id, { contentType: 'video', contentId: videoId, categoryId: folderId, title: 'Replayed' });
    for (let i = 0; i < 5 && (await db.outbox.count()) > 0; i++) await box.drain(user.id);
    box.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(await app.db('bookmark_folders').where({ user_id: user.id })).toHaveLength(1);
    const bookmarks = await app.db('bookmarks').where({ user_id: user.id });
    expect(bookmarks).toHaveLength(1);
    expect(bookmarks[0].folder_id).toBe(folderId);
  });

  test('writes of every kind queued offline go in one batch; its answer lost, the batch sent again stores each once, in order', async () => {
    const client = app.client();
    const user = await signUp(client);
    const { db, box, paths } = outboxFor(client, 1);
    const folderId = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const bookmarkId = '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
    await box.enqueue(saveBookmarkWrite, user.id, { id: bookmarkId, contentType: 'video', contentId: videoId, categoryId: null, title: 'Replayed' });
    await box.enqueue(createFolderWrite, user.id, { id: folderId, name: 'Acts', color: '#3B82F6' });
    await box.enqueue(moveBookmarkWrite, user.id, { bookmarkId, contentType: 'video', contentId: videoId, categoryId: folderId, title: 'Replayed' });
    await box.enqueue(setProgressWrite, user.id, { contentType: 'video', contentId: videoId, completed: true });
    for (let n = 1; n <= 3; n++) await box.enqueue(postCommentWrite, user.id, { contentType: 'video', contentId: videoId, comment: `Batched ${n}` });
    expect((await box.drain(user.id)).stoppedBy).toBe('network');
    expect(await db.outbox.count()).toBe(7);
    expect(await box.drain(user.id)).toEqual({ delivered: 7 });
    box.stop();
    expect(paths).toEqual(['/api/sync/batch', '/api/sync/batch']);
    expect(await db.outbox.count()).toBe(0);
    const bookmarks = await app.db('bookmarks').where({ user_id: user.id });
    expect(bookmarks.map((b) => [b.id, b.folder_id])).toEqual([[bookmarkId, folderId]]);
    expect(await app.db('bookmark_folders').where({ user_id: user.id })).toHaveLength(1);
    expect(await app.db('progress').where({ user_id: user.id, completed: true })).toHaveLength(1);
    const comments = await app.db('comments').where({ user_id: user.id }).orderBy('id');
    expect(comments.map((c) => c.comment)).toEqual(['Batched 1', 'Batched 2', 'Batched 3']);
  });
});
