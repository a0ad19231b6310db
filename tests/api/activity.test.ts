// The editor's desk's Activity: every editor write that succeeded (who, what, which item, when),
// newest first, for editors only. Recorded for any route guarded by requireEditor.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { editorClient, insertBackdatedBlogPost } from '../support/fixtures';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();
let editor: ApiClient;
let editorName: string;
let editorId: number;
let reader: ApiClient;
let readerId: number;

beforeAll(async () => {
  ({ client: editor, username: editorName, id: editorId } = await editorClient(app));
  reader = app.client();
  readerId = (await signUp(reader, uniqueName('reader'))).id;
});

const aPost = () => ({
  title: `Activity ${crypto.randomUUID()}`,
  content: 'A paragraph.',
  excerpt: '',
  category: 'theology',
  readTime: 3,
  substackUrl: '',
  isExternal: false,
});

async function newest(limit = 5) {
  const res = await editor.get(`/api/activity?limit=${limit}`);
  expect(res.status).toBe(200);
  return res.body as Array<Record<string, unknown>>;
}

describe('GET /api/activity', () => {
  test('signed out 401, a reader 403, a bad query 400', async () => {
    expect((await app.client().get('/api/activity')).status).toBe(401);
    const refused = await reader.get('/api/activity');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only editors can see the activity.' });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'before=abc', 'before=-1']) {
      const res = await editor.get(`/api/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });

  test('an editor write that succeeds is there at once: who, which call, which item and its title, when; never cached', async () => {
    const before = Date.now();
    const created = await editor.post('/api/blog/create', aPost());
    expect(created.status).toBe(201);
    const res = await editor.get('/api/activity?limit=1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [entry] = res.body;
    expect(entry).toMatchObject({
      actor: { id: editorId, username: editorName },
      method: 'POST',
      route: '/api/blog/create',
      path: '/api/blog/create',
      item: String(created.body.id),
      title: created.body.title,
      status: 201,
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);

    const featured = await editor.put(`/api/blog/${created.body.id}/featured`);
    expect(featured.status).toBe(200);
    const deleted = await editor.delete(`/api/blog/${created.body.id}`);
    expect(deleted.status).toBe(204);
    const [removal, featuring] = await newest(2);
    expect(removal).toMatchObject({ method: 'DELETE', route: '/api/blog/:id', path: `/api/blog/${created.body.id}`, item: String(created.body.id), title: null, status: 204 });
    expect(featuring).toMatchObject({ method: 'PUT', route: '/api/blog/:id/featured', item: String(created.body.id), title: created.body.title, status: 200 });
  });

  test('refused or failed writes, readers\' writes and reads are not activity', async () => {
    const [last] = await newest(1);
    expect((await editor.post('/api/blog/create', { ...aPost(), category: 'nope' })).status).toBe(400);
    expect((await editor.delete('/api/blog/999999999')).status).toBe(404);
    expect((await reader.post('/api/blog/create', aPost())).status).toBe(403);
    const postId = await insertBackdatedBlogPost(app.db);
    expect((await reader.post('/api/comments', { userId: readerId, contentType: 'blog', contentId: postId, comment: 'Thank you' })).status).toBe(201);
    expect((await editor.get('/api/blog?limit=1')).status).toBe(200);
    const [still] = await newest(1);
    expect(still).toEqual(last);
  });

  test('a write replayed with its Idempotency-Key is recorded once', async () => {
    const headers = { 'Idempotency-Key': `activity-${crypto.randomUUID()}` };
    const post = aPost();
    const first = await editor.post('/api/blog/create', post, { headers });
    const again = await editor.post('/api/blog/create', post, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const entries = await newest(3);
    expect(entries.filter((e) => e.item === String(first.body.id))).toHaveLength(1);
  });

  test('pages newest first with `before`; an account that is gone leaves its entries, with no one named', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertBackdatedBlogPost(app.db);
      expect((await editor.put(`/api/blog/${id}/featured`)).status).toBe(200);
      ids.push(id);
    }
    const firstPage = await newest(2);
    expect(firstPage.map((e) => e.item)).toEqual([String(ids[2]), String(ids[1])]);
    const next = await editor.get(`/api/activity?limit=2&before=${firstPage[1]!.id}`);
    expect(next.body[0].item).toBe(String(ids[0]));
    expect(Number(next.body[0].id)).toBeLessThan(Number(firstPage[1]!.id));

    const gone = await editorClient(app);
    expect((await gone.client.post('/api/blog/create', aPost())).status).toBe(201);
    await app.db('users').where({ id: gone.id }).delete();
    const [entry] = await newest(1);
    expect(entry).toMatchObject({ actor: null, route: '/api/blog/create', status: 201 });
  });
});
