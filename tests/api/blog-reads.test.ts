// The blog as anyone reads it: lists, the featured post, one post, and its view count.
import { describe, expect, test } from 'vitest';
import { insertBackdatedBlogPost } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const app = useTestApp();

/** Inserts a post straight into the table, so each test owns its rows. */
const insertPost = (overrides: Record<string, unknown> = {}) => insertBackdatedBlogPost(app.db, overrides);

describe('GET /api/blog', () => {
  test('when posts exist, then summaries come newest first, ties broken by the higher id, without content', async () => {
    const older = await insertPost({ published_at: '2025-01-01T00:00:00.000Z' });
    const tieLow = await insertPost({ published_at: '2025-01-02T00:00:00.000Z' });
    const tieHigh = await insertPost({ published_at: '2025-01-02T00:00:00.000Z' });
    const newest = await insertPost({ published_at: '2025-01-03T00:00:00.000Z' });
    const res = await app.client().get('/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 4).map((p: { id: number }) => p.id)).toEqual([newest, tieHigh, tieLow, older]);
    for (const post of res.body) expect(post).not.toHaveProperty('content');
    expect(res.body[0]).toMatchObject({
      id: newest,
      title: expect.any(String),
      excerpt: expect.any(String),
      category: 'theology',
      readTime: 4,
      views: 0,
      publishedAt: '2025-01-03T00:00:00.000Z',
      thumbnailUrl: null,
      featured: false,
      isExternal: false,
      substackUrl: null,
    });
  });

  test('when limit and offset are given, then they page through the same order', async () => {
    const ids: number[] = [];
    for (let day = 10; day < 15; day += 1) ids.unshift(await insertPost({ published_at: `2024-02-${day}T00:00:00.000Z`, category: 'ministry' }));
    const page1 = await app.client().get('/api/blog?category=ministry&limit=2');
    const page2 = await app.client().get('/api/blog?category=ministry&limit=2&offset=2');
    const page3 = await app.client().get('/api/blog?category=ministry&limit=2&offset=4');
    expect([page1, page2, page3].map((r) => r.status)).toEqual([200, 200, 200]);
    expect([...page1.body, ...page2.body, ...page3.body].map((p: { id: number }) => p.id).slice(0, 5)).toEqual(ids);
    expect(page1.body).toHaveLength(2);
  });

  test('when no limit is given, then at most 50 come back', async () => {
    for (let i = 0; i < 51; i += 1) await insertPost({ category: 'bible-study' });
    const res = await app.client().get('/api/blog?category=bible-study');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
  });

  test('when a category is given, then only its posts come back', async () => {
    const mine = await insertPost({ category: 'church-history', published_at: '2023-01-01T00:00:00.000Z' });
    await insertPost({ category: 'christian-living', published_at: '2023-01-01T00:00:00.000Z' });
    const res = await app.client().get('/api/blog?category=church-history');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: number }) => p.id)).toContain(mine);
    expect(res.body.every((p: { category: string }) => p.category === 'church-history')).toBe(true);
  });

  test('when the category is empty, then every category comes back', async () => {
    const res = await app.client().get('/api/blog?category=');
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((p: { category: string }) => p.category)).size).toBeGreaterThan(1);
  });

  test.each([
    ['an unknown category', 'category=nope'],
    ['two categories', 'category=theology&category=ministry'],
    ['limit 0', 'limit=0'],
    ['limit 101', 'limit=101'],
    ['a non-numeric limit', 'limit=abc'],
    ['a fractional limit', 'limit=1.5'],
    ['a negative offset', 'offset=-1'],
    ['a non-numeric offset', 'offset=x'],
  ])('when given %s, then 400 with a message', async (_label, query) => {
    const res = await app.client().get(`/api/blog?${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.issues).toBeInstanceOf(Array);
  });
});

describe('GET /api/blog/featured', () => {
  test('when no post is featured, then JSON null', async () => {
    await app.db('blog_posts').update({ featured: false });
    const res = await app.client().get('/api/blog/featured');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toBeNull();
  });

  test('when one post is featured, then its summary, without content', async () => {
    await app.db('blog_posts').update({ featured: false });
    const id = await insertPost({ featured: true, title: 'The featured one' });
    const res = await app.client().get('/api/blog/featured');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'The featured one', featured: true });
    expect(res.body).not.toHaveProperty('content');
  });
});

describe('GET /api/blog/:id', () => {
  test('when the post exists, then the full post with its Markdown content', async () => {
    const id = await insertPost({ content: '## Grace\n\nSaved by grace.', title: 'On grace', is_external: true, substack_url: 'https://x.substack.com/p/grace' });
    const res = await app.client().get(`/api/blog/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'On grace', content: '## Grace\n\nSaved by grace.', isExternal: true, substackUrl: 'https://x.substack.com/p/grace' });
  });

  test.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])('when the id is %s, then 404 Article not found', async (id) => {
    const res = await app.client().get(`/api/blog/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Article not found' });
  });
});

describe('POST /api/blog/:id/views', () => {
  test('when a post is viewed twice, then its count goes up by one each time', async () => {
    const id = await insertPost({ views: 10 });
    const first = await app.client().post(`/api/blog/${id}/views`);
    const second = await app.client().post(`/api/blog/${id}/views`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, views: 11 });
    expect(second.body).toEqual({ id, views: 12 });
  });

  test('when many views arrive at once, then none is lost', async () => {
    const id = await insertPost();
    await Promise.all(Array.from({ length: 20 }, () => app.client().post(`/api/blog/${id}/views`)));
    const row = await app.db('blog_posts').where({ id }).first();
    expect(Number(row.views)).toBe(20);
  });

  test.each(['999999', 'abc'])('when the post %s does not exist, then 404', async (id) => {
    const res = await app.client().post(`/api/blog/${id}/views`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Article not found');
  });
});
