// Comment moderation: readers report others' comments and delete their own; editors hide any
// comment, delete it, and work the desk's list of reported comments (hide or dismiss). Each call
// answers 401, 400, 403, 404, 409 in that order.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { editorClient, insertBlogPost, insertVideo } from '../support/fixtures';
import { signUp, startTestApp, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();
let editor: ApiClient;
let editorId: number;

beforeAll(async () => {
  ({ client: editor, id: editorId } = await editorClient(app));
});

interface Reader {
  client: ApiClient;
  userId: number;
  username: string;
}

async function reader(): Promise<Reader> {
  const client = app.client();
  const user = await signUp(client);
  return { client, userId: user.id, username: user.username };
}

/** A new video with one comment by a new reader: the comment's id, its author and the video. */
async function commented(text = 'A comment'): Promise<{ id: number; author: Reader; contentId: number }> {
  const author = await reader();
  const contentId = await insertVideo(app.db);
  const res = await author.client.post('/api/comments', { userId: author.userId, contentType: 'video', contentId, comment: text });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, author, contentId };
}

const listed = async (contentId: number, contentType = 'video', extra = '') =>
  (await app.client().get(`/api/comments?contentType=${contentType}&contentId=${contentId}${extra}`)).body.map((c: { id: number }) => c.id) as number[];
const reportsOf = (commentId: number) => app.db('comment_reports').where({ comment_id: commentId });
const commentRow = (id: number) => app.db('comments').where({ id }).first();
const UNKNOWN = 99_999_999;

describe('POST /api/comments/{id}/report', () => {
  test('when a reader reports another reader’s comment with a reason, then 201 with the report, stored trimmed', async () => {
    const { id } = await commented();
    const { client, userId } = await reader();
    const res = await client.post(`/api/comments/${id}/report`, { reason: '  Abusive language  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ commentId: id, reason: 'Abusive language', reportedAt: expect.any(String) });
    const rows = await reportsOf(id);
    expect(rows).toEqual([expect.objectContaining({ reporter_id: userId, reason: 'Abusive language' })]);
  });

  test('when no reason (no body, a blank one or null), then the report has none', async () => {
    const { id } = await commented();
    for (const body of [undefined, { reason: '   ' }, { reason: null }]) {
      const res = await (await reader()).client.post(`/api/comments/${id}/report`, body);
      expect(res.status).toBe(201);
      expect(res.body.reason).toBeNull();
    }
    expect((await reportsOf(id)).map((r) => r.reason)).toEqual([null, null, null]);
  });

  test('when the same reader reports it again, then 409 and one report; an Idempotency-Key replay gets the first answer', async () => {
    const { id } = await commented();
    const { client } = await reader();
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await client.post(`/api/comments/${id}/report`, { reason: 'spam' }, { headers });
    const replay = await client.post(`/api/comments/${id}/report`, { reason: 'spam' }, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await client.post(`/api/comments/${id}/report`, { reason: 'still spam' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this comment.');
    expect(await reportsOf(id)).toHaveLength(1);
  });

  test('when a reader reports their own comment, then 403 and nothing stored', async () => {
    const { id, author } = await commented();
    const res = await author.client.post(`/api/comments/${id}/report`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot report your own comment.');
    expect(await reportsOf(id)).toHaveLength(0);
  });

  test('when the comment is unknown, not an id, or hidden, then 404', async () => {
    const { id } = await commented();
    await app.db('comments').where({ id }).update({ hidden: true });
    const { client } = await reader();
    for (const target of [UNKNOWN, 'abc', id]) {
      const res = await client.post(`/api/comments/${target}/report`, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('That comment does not exist.');
    }
    expect(await reportsOf(id)).toHaveLength(0);
  });

  test('when signed out, then 401 before a bad body or an unknown id', async () => {
    const { id } = await commented();
    expect((await app.client().post(`/api/comments/${id}/report`, {})).status).toBe(401);
    expect((await app.client().post(`/api/comments/${UNKNOWN}/report`, { reason: 5 })).status).toBe(401);
  });

  test.each([
    ['a numeric reason', { reason: 5 }, 'reason: reason must be text'],
    ['a 501-character reason', { reason: 'x'.repeat(501) }, 'reason: A reason can be at most 500 characters'],
  ])('when given %s, then 400 with that message, before 403 or 404', async (_label, body, message) => {
    const { id, author } = await commented();
    const { client } = await reader();
    for (const [who, target] of [
      [client, id],
      [author.client, id],
      [client, UNKNOWN],
    ] as const) {
      const res = await who.post(`/api/comments/${target}/report`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await reportsOf(id)).toHaveLength(0);
  });

  test('when the reason is 500 characters, then it is kept whole', async () => {
    const { id } = await commented();
    const res = await (await reader()).client.post(`/api/comments/${id}/report`, { reason: 'r'.repeat(500) });
    expect(res.status).toBe(201);
    expect(res.body.reason).toHaveLength(500);
  });
});

describe('DELETE /api/comments/{id}', () => {
  test('when the author deletes their comment, then 204, it is gone with its reports, and a second delete is 404', async () => {
    const { id, author, contentId } = await commented();
    await (await reader()).client.post(`/api/comments/${id}/report`, { reason: 'rude' });
    const res = await author.client.delete(`/api/comments/${id}`);
    expect(res.status).toBe(204);
    expect(await commentRow(id)).toBeUndefined();
    expect(await reportsOf(id)).toHaveLength(0);
    expect(await listed(contentId)).toEqual([]);
    expect((await author.client.delete(`/api/comments/${id}`)).status).toBe(404);
    // Not an editor's write: the desk's Activity does not list it.
    expect(await app.db('editor_activity').where({ path: `/api/comments/${id}` })).toHaveLength(0);
  });

  test("when an editor deletes a reader's comment, then 204, it is gone, and the desk's Activity records it", async () => {
    const { id, contentId } = await commented();
    const res = await editor.delete(`/api/comments/${id}`);
    expect(res.status).toBe(204);
    expect(await commentRow(id)).toBeUndefined();
    expect(await listed(contentId)).toEqual([]);
    const activity = await app.db('editor_activity').where({ path: `/api/comments/${id}` });
    expect(activity).toEqual([expect.objectContaining({ actor_id: editorId, method: 'DELETE', route: '/api/comments/:id', item: String(id) })]);
  });

  test("when another reader deletes someone's comment, then 403 and it stays", async () => {
    const { id, contentId } = await commented();
    const res = await (await reader()).client.delete(`/api/comments/${id}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only delete your own comments.');
    expect(await listed(contentId)).toEqual([id]);
  });

  test('when the comment is unknown or not an id, then 404; signed out, then 401', async () => {
    const { id } = await commented();
    const { client } = await reader();
    expect((await client.delete(`/api/comments/${UNKNOWN}`)).status).toBe(404);
    expect((await client.delete('/api/comments/abc')).status).toBe(404);
    expect((await app.client().delete(`/api/comments/${id}`)).status).toBe(401);
    expect((await app.client().delete(`/api/comments/${UNKNOWN}`)).status).toBe(401);
    expect(await commentRow(id)).toBeDefined();
  });

  test('when the author deletes their own hidden comment, then 204', async () => {
    const { id, author } = await commented();
    await editor.put(`/api/comments/${id}/hidden`, { hidden: true });
    expect((await author.client.delete(`/api/comments/${id}`)).status).toBe(204);
    expect(await commentRow(id)).toBeUndefined();
  });
});

describe('PUT /api/comments/{id}/hidden', () => {
  test('when an editor hides a comment, then its state is answered and it leaves GET /api/comments at once; unhiding brings it back', async () => {
    const { id, contentId } = await commented('To hide');
    const { client } = await reader();
    await client.post(`/api/comments/${id}/report`, { reason: 'abuse' });
    expect(await listed(contentId)).toEqual([id]);

    const hidden = await editor.put(`/api/comments/${id}/hidden`, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ id, hidden: true, reportCount: 1 });
    expect(await listed(contentId)).toEqual([]);
    // The author does not see it either, nor does the editor.
    expect((await editor.get(`/api/comments?contentType=video&contentId=${contentId}`)).body).toEqual([]);

    const shown = await editor.put(`/api/comments/${id}/hidden`, { hidden: false });
    expect(shown.body).toEqual({ id, hidden: false, reportCount: 1 });
    expect(await listed(contentId)).toEqual([id]);
  });

  test('with the public cache on, a hidden comment still leaves GET /api/comments at once', async () => {
    const cached = await startTestApp({ env: { PUBLIC_CACHE_MS: '60000' }, sameDatabaseAs: app });
    try {
      const { id, contentId } = await commented();
      const url = `${cached.url}/api/comments?contentType=video&contentId=${contentId}`;
      expect((await cached.client().get(url)).body.map((c: { id: number }) => c.id)).toEqual([id]);
      const sameEditor = cached.client();
      for (const name of ['cik.sid', 'cik.sid.sig']) sameEditor.setCookie(name, editor.getCookie(name)!);
      expect((await sameEditor.put(`/api/comments/${id}/hidden`, { hidden: true })).status).toBe(200);
      expect((await cached.client().get(url)).body).toEqual([]);
    } finally {
      await cached.close();
    }
  });

  test('when the comment named by `before` is hidden, then the next page still follows it', async () => {
    const { client, userId } = await reader();
    const contentId = await insertBlogPost(app.db);
    const ids: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const res = await client.post('/api/comments', { userId, contentType: 'blog', contentId, comment: `c${n}` });
      ids.push(res.body.id);
    }
    const first = await listed(contentId, 'blog', '&limit=2');
    expect(first).toEqual([ids[4], ids[3]]);
    await editor.put(`/api/comments/${ids[3]}/hidden`, { hidden: true });
    await editor.put(`/api/comments/${ids[1]}/hidden`, { hidden: true });
    const res = await app.client().get(`/api/comments?contentType=blog&contentId=${contentId}&limit=2&before=${ids[3]}`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[0]]);
  });

  test('when a reader asks, then 403 and nothing changes; signed out, 401', async () => {
    const { id, author, contentId } = await commented();
    for (const who of [author.client, (await reader()).client]) {
      const res = await who.put(`/api/comments/${id}/hidden`, { hidden: true });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only editors can moderate comments.');
    }
    expect((await app.client().put(`/api/comments/${id}/hidden`, { hidden: true })).status).toBe(401);
    expect((await app.client().put(`/api/comments/${id}/hidden`, { hidden: 'yes' })).status).toBe(401);
    expect(await listed(contentId)).toEqual([id]);
  });

  test.each([
    ['no hidden', {}],
    ['a string hidden', { hidden: 'true' }],
    ['a numeric hidden', { hidden: 1 }],
    ['a null hidden', { hidden: null }],
  ])('when given %s, then 400 naming hidden, before 403 or 404', async (_label, body) => {
    const { id } = await commented();
    for (const [who, target] of [
      [editor, id],
      [editor, UNKNOWN],
      [(await reader()).client, id],
    ] as const) {
      const res = await who.put(`/api/comments/${target}/hidden`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('hidden: hidden must be true or false');
    }
    expect(Boolean((await commentRow(id)).hidden)).toBe(false);
  });

  test('when the comment is unknown or not an id, then 404', async () => {
    expect((await editor.put(`/api/comments/${UNKNOWN}/hidden`, { hidden: true })).status).toBe(404);
    expect((await editor.put('/api/comments/abc/hidden', { hidden: true })).status).toBe(404);
  });
});

describe('GET /api/comments/reported and DELETE /api/comments/{id}/reports', () => {
  test('when comments are reported, then the desk lists those not hidden, most reported then newest first, with their reasons', async () => {
    await app.db('comment_reports').delete();
    const once = await commented('Reported once');
    const twice = await commented('Reported twice');
    const newer = await commented('Reported once, newer');
    const hidden = await commented('Reported, then hidden');
    await commented('Never reported');
    await app.db('comments').where({ id: once.id }).update({ created_at: '2024-01-01T00:00:00.000Z' });
    const [r1, r2] = [await reader(), await reader()];
    await r1.client.post(`/api/comments/${once.id}/report`, { reason: 'off topic' });
    await r1.client.post(`/api/comments/${twice.id}/report`, { reason: 'insulting' });
    await r2.client.post(`/api/comments/${twice.id}/report`, {});
    await r2.client.post(`/api/comments/${newer.id}/report`, { reason: 'spam' });
    await r1.client.post(`/api/comments/${hidden.id}/report`, { reason: 'abuse' });
    await editor.put(`/api/comments/${hidden.id}/hidden`, { hidden: true });

    const res = await editor.get('/api/comments/reported');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([twice.id, newer.id, once.id]);
    const video = await app.db('videos').where({ id: twice.contentId }).first();
    expect(res.body[0]).toEqual({
      id: twice.id,
      userId: twice.author.userId,
      contentType: 'video',
      contentId: twice.contentId,
      contentTitle: video.title,
      comment: 'Reported twice',
      createdAt: expect.any(String),
      user: { name: twice.author.username, avatarUrl: null },
      reportCount: 2,
      reports: [
        { reason: null, reportedAt: expect.any(String) },
        { reason: 'insulting', reportedAt: expect.any(String) },
      ],
    });
    expect(res.body[2]).toMatchObject({ createdAt: '2024-01-01T00:00:00.000Z', reportCount: 1, reports: [{ reason: 'off topic' }] });
    expect(res.text).not.toMatch(/@example\.com|email|password/i);

    expect((await editor.get('/api/comments/reported?limit=1')).body.map((c: { id: number }) => c.id)).toEqual([twice.id]);

    // Dismiss: the comment stays up and leaves the list; its reports are gone.
    const dismissed = await editor.delete(`/api/comments/${twice.id}/reports`);
    expect(dismissed.status).toBe(204);
    expect(await reportsOf(twice.id)).toHaveLength(0);
    expect(await listed(twice.contentId)).toEqual([twice.id]);
    expect((await editor.get('/api/comments/reported')).body.map((c: { id: number }) => c.id)).toEqual([newer.id, once.id]);

    // Hide from the desk: it leaves the list and the comment's page.
    await editor.put(`/api/comments/${newer.id}/hidden`, { hidden: true });
    expect((await editor.get('/api/comments/reported')).body.map((c: { id: number }) => c.id)).toEqual([once.id]);
    expect(await listed(newer.contentId)).toEqual([]);
  });

  test('when a reader asks for the list, then 403; signed out, 401', async () => {
    const res = await (await reader()).client.get('/api/comments/reported');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only editors can moderate comments.');
    expect((await app.client().get('/api/comments/reported')).status).toBe(401);
  });

  test.each([
    ['a limit of 0', '?limit=0'],
    ['a limit over 100', '?limit=101'],
    ['a non-numeric limit', '?limit=all'],
  ])('when the list is asked with %s, then 400 naming limit, before 403', async (_label, query) => {
    for (const who of [editor, (await reader()).client]) {
      const res = await who.get(`/api/comments/reported${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('limit: limit must be a whole number from 1 to 100');
    }
  });

  test('when a reader dismisses reports, then 403 and they stay; signed out, 401; unknown comment, 404', async () => {
    const { id } = await commented();
    await (await reader()).client.post(`/api/comments/${id}/report`, {});
    const res = await (await reader()).client.delete(`/api/comments/${id}/reports`);
    expect(res.status).toBe(403);
    expect((await app.client().delete(`/api/comments/${id}/reports`)).status).toBe(401);
    expect(await reportsOf(id)).toHaveLength(1);
    expect((await editor.delete(`/api/comments/${UNKNOWN}/reports`)).status).toBe(404);
    expect((await editor.delete('/api/comments/abc/reports')).status).toBe(404);
  });

  test('when a dismissed comment is reported again by the same reader, then it is a new report', async () => {
    const { id } = await commented();
    const { client } = await reader();
    await client.post(`/api/comments/${id}/report`, {});
    await editor.delete(`/api/comments/${id}/reports`);
    expect((await client.post(`/api/comments/${id}/report`, { reason: 'again' })).status).toBe(201);
  });
});
