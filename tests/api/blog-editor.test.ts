// The blog as its editors write it: create, import from Substack, feature and delete, each
// refused to a reader without the editor role and to someone signed out.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { editorClient, insertBackdatedBlogPost } from '../support/fixtures';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';
import { addStudyData as addStudy, studyRows as countStudyRows } from '#tests/support/study-data';

const app = useTestApp();
let editor: ApiClient;
let member: ApiClient;
let editorId: number;
let memberId: number;

beforeAll(async () => {
  ({ client: editor, id: editorId } = await editorClient(app));
  member = app.client();
  memberId = (await signUp(member, uniqueName('reader'))).id;
});

/** Inserts a post straight into the table, so each test owns its rows. */
const insertPost = (overrides: Record<string, unknown> = {}) => insertBackdatedBlogPost(app.db, overrides);

async function featuredIds(): Promise<number[]> {
  const rows = await app.db('blog_posts').where({ featured: true }).select('id');
  return rows.map((r) => Number(r.id));
}

async function postCount(): Promise<number> {
  const row = await app.db('blog_posts').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

const validPost = () => ({
  title: `A new article ${crypto.randomUUID()}`,
  content: '## Heading\n\nFirst paragraph of the article.\n\n- a point',
  excerpt: 'A short summary.',
  category: 'apologetics',
  readTime: 7,
  substackUrl: '',
  isExternal: false,
});

describe('POST /api/blog/create', () => {
  test('when an editor sends a valid post, then 201 with the post, stored with now as its date and the editor as author', async () => {
    const input = validPost();
    const before = Date.now();
    const res = await editor.post('/api/blog/create', input);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: input.title,
      content: input.content,
      excerpt: 'A short summary.',
      category: 'apologetics',
      readTime: 7,
      views: 0,
      featured: false,
      isExternal: false,
      substackUrl: null,
    });
    expect(new Date(res.body.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await app.db('blog_posts').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ title: input.title, content: input.content, category: 'apologetics', read_time: 7 });
    expect(Number(row.author_id)).toBe(editorId);
  });

  test('when readTime is left out, then it is 5; a blank excerpt comes from the first paragraph', async () => {
    const { readTime: _readTime, ...input } = validPost();
    const res = await editor.post('/api/blog/create', { ...input, excerpt: '' });
    expect(res.status).toBe(201);
    expect(res.body.readTime).toBe(5);
    expect(res.body.excerpt).toBe('First paragraph of the article.');
  });

  test('when the post is external with its Substack URL, then both are stored', async () => {
    const res = await editor.post('/api/blog/create', { ...validPost(), isExternal: true, substackUrl: 'https://example.substack.com/p/a' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isExternal: true, substackUrl: 'https://example.substack.com/p/a' });
  });

  test('when the Markdown carries raw HTML or a script link, then they are removed', async () => {
    const res = await editor.post('/api/blog/create', { ...validPost(), content: 'Hi <script>alert(1)</script> [x](javascript:alert(1))' });
    expect(res.status).toBe(201);
    expect(res.body.content).not.toMatch(/<script|javascript:/i);
  });

  test.each([
    ['no title', { title: undefined }],
    ['a blank title', { title: '   ' }],
    ['a title of 201 characters', { title: 'x'.repeat(201) }],
    ['a numeric title', { title: 123 }],
    ['an unknown category', { category: 'nope' }],
    ['no category', { category: undefined }],
    ['readTime 0', { readTime: 0 }],
    ['readTime -1', { readTime: -1 }],
    ["readTime 'abc'", { readTime: 'abc' }],
    ['readTime 1.5', { readTime: 1.5 }],
    ['an external post without its Substack URL', { isExternal: true, substackUrl: '' }],
    ['a script URL as Substack URL', { substackUrl: 'javascript:alert(1)' }],
    ['isExternal as a string', { isExternal: 'yes' }],
    ['content as a number', { content: 42 }],
    ['an excerpt of 1001 characters', { excerpt: 'x'.repeat(1001) }],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, patch) => {
    const before = await postCount();
    const res = await editor.post('/api/blog/create', { ...validPost(), ...patch });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await postCount()).toBe(before);
  });

  test.each([
    ['an array', []],
    ['a string', 'title'],
    ['nothing', undefined],
  ])('when the body is %s, then 400', async (_label, body) => {
    const res = await editor.post('/api/blog/create', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when signed out, then 401 and nothing stored', async () => {
    const before = await postCount();
    const res = await app.client().post('/api/blog/create', validPost());
    expect(res.status).toBe(401);
    expect(await postCount()).toBe(before);
  });

  test('when signed in without the editor role, then 403 and nothing stored', async () => {
    const before = await postCount();
    const res = await member.post('/api/blog/create', validPost());
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
    expect(await postCount()).toBe(before);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back and one row exists', async () => {
    const input = validPost();
    const headers = { 'Idempotency-Key': `blog-${crypto.randomUUID()}` };
    const first = await editor.post('/api/blog/create', input, { headers });
    const second = await editor.post('/api/blog/create', input, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await app.db('blog_posts').where({ title: input.title })).toHaveLength(1);
  });
});

const SUBSTACK_HTML = `
<h2>Why the Resurrection Matters</h2>
<p>The empty tomb is the <strong>hinge</strong> of history. Read <a href="https://example.com/tomb">the evidence</a>.</p>
<script>alert(1)</script>
<img src=x onerror=alert(1)>
<p><a href="javascript:alert(1)">Click for grace</a> and <a href="JaVaScRiPt:alert(2)">more</a></p>
<iframe src="https://evil.example/embed"></iframe>
<style>body { display: none }</style>
<blockquote><p>He is not here; he has risen.</p></blockquote>
<ul><li>Witnesses</li><li>The empty tomb</li></ul>
<ol><li>First</li><li>Second</li></ol>
<p onclick="alert(3)">Paragraph with a handler.</p>
<img src="data:image/png;base64,AAAA" alt="inline">
<img src="https://cdn.substack.com/image.png" alt="Tomb">
<form action="/steal"><input name="pw">Form text</form>
<object data="x.swf">object text</object><embed src="x.swf">
<p>&lt;script&gt;alert(4)&lt;/script&gt; stays text</p>
`;

const validImport = () => ({
  title: `Imported ${crypto.randomUUID()}`,
  content: SUBSTACK_HTML,
  excerpt: '',
  category: 'apologetics',
  readTime: 6,
  substackUrl: 'https://context.substack.com/p/resurrection',
  publishedAt: '2023-05-01T10:30:00Z',
});

describe('POST /api/blog/import-substack', () => {
  test('when an editor imports Substack HTML, then safe Markdown is stored with the structure kept', async () => {
    const res = await editor.post('/api/blog/import-substack', validImport());
    expect(res.status).toBe(201);
    const row = await app.db('blog_posts').where({ id: res.body.id }).first();
    const md: string = row.content;
    expect(res.body.content).toBe(md);
    for (const bad of [/<script/i, /onerror/i, /onclick/i, /javascript:/i, /iframe/i, /<style/i, /data:/i, /<form/i, /<object/i, /<embed/i, /<img/i, /<a /i, /alert\(1\)/, /display: none/]) {
      expect(md).not.toMatch(bad);
    }
    expect(md).toContain('## Why the Resurrection Matters');
    expect(md).toContain('The empty tomb is the **hinge** of history.');
    expect(md).toContain('[the evidence](https://example.com/tomb)');
    expect(md).toContain('> He is not here; he has risen.');
    expect(md).toMatch(/^- +Witnesses$/m);
    expect(md).toMatch(/^1\. +First$/m);
    expect(md).toContain('Click for grace');
    expect(md).toContain('Paragraph with a handler.');
    expect(md).toContain('![Tomb](https://cdn.substack.com/image.png)');
    expect(md).toContain('&lt;script>alert(4)&lt;/script> stays text');
  });

  test('when publishedAt is given, then it is kept; isExternal defaults to true; a blank excerpt comes from the first paragraph', async () => {
    const res = await editor.post('/api/blog/import-substack', validImport());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      publishedAt: '2023-05-01T10:30:00.000Z',
      isExternal: true,
      substackUrl: 'https://context.substack.com/p/resurrection',
      readTime: 6,
      excerpt: 'The empty tomb is the hinge of history. Read the evidence.',
    });
  });

  test('when publishedAt is a date alone or absent, then midnight UTC of that date, or now', async () => {
    const dated = await editor.post('/api/blog/import-substack', { ...validImport(), publishedAt: '2022-12-25' });
    expect(dated.body.publishedAt).toBe('2022-12-25T00:00:00.000Z');
    const before = Date.now();
    const { publishedAt: _publishedAt, ...rest } = validImport();
    const undated = await editor.post('/api/blog/import-substack', rest);
    expect(undated.status).toBe(201);
    expect(new Date(undated.body.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test('when the first paragraph is long, then the excerpt is cut to 300 characters; a given excerpt is kept', async () => {
    const long = `<p>${'word '.repeat(200)}</p>`;
    const res = await editor.post('/api/blog/import-substack', { ...validImport(), content: long });
    expect(res.status).toBe(201);
    expect(res.body.excerpt.length).toBeLessThanOrEqual(300);
    expect(res.body.excerpt).toMatch(/…$/);
    const kept = await editor.post('/api/blog/import-substack', { ...validImport(), excerpt: 'My own summary' });
    expect(kept.body.excerpt).toBe('My own summary');
  });

  test.each([
    ['no Substack URL', { substackUrl: undefined }],
    ['a non-http Substack URL', { substackUrl: 'javascript:alert(1)' }],
    ['a bad publishedAt', { publishedAt: 'yesterday' }],
    ['no title', { title: '' }],
    ['an unknown category', { category: 'nope' }],
    ['readTime 0', { readTime: 0 }],
    ['content as an object', { content: { html: '<p>x</p>' } }],
    ['HTML nested thousands deep', { content: '<div>'.repeat(5000) + 'deep' }],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, patch) => {
    const before = await postCount();
    const res = await editor.post('/api/blog/import-substack', { ...validImport(), ...patch });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await postCount()).toBe(before);
  });

  test('when signed out, then 401; without the editor role, then 403; nothing stored', async () => {
    const before = await postCount();
    expect((await app.client().post('/api/blog/import-substack', validImport())).status).toBe(401);
    expect((await member.post('/api/blog/import-substack', validImport())).status).toBe(403);
    expect(await postCount()).toBe(before);
  });
});

describe('PUT /api/blog/:id/featured', () => {
  test('when an editor features a post, then it alone is featured and the post comes back', async () => {
    const first = await insertPost();
    const second = await insertPost();
    const a = await editor.put(`/api/blog/${first}/featured`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ id: first, featured: true });
    expect(await featuredIds()).toEqual([first]);

    const b = await editor.put(`/api/blog/${second}/featured`);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ id: second, featured: true, content: expect.any(String) });
    expect(await featuredIds()).toEqual([second]);
    expect((await app.client().get('/api/blog/featured')).body.id).toBe(second);
  });

  test('when the featured post is featured again, then it stays the only one', async () => {
    const id = await insertPost();
    await editor.put(`/api/blog/${id}/featured`);
    const res = await editor.put(`/api/blog/${id}/featured`);
    expect(res.status).toBe(200);
    expect(await featuredIds()).toEqual([id]);
  });

  test('when several posts are featured at once, then exactly one ends up featured', async () => {
    await app.db('blog_posts').update({ featured: false });
    const ids = await Promise.all(Array.from({ length: 6 }, () => insertPost()));
    const results = await Promise.all(ids.map((id) => editor.put(`/api/blog/${id}/featured`)));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const featured = await featuredIds();
    expect(featured).toHaveLength(1);
    expect(ids).toContain(featured[0]);
  });

  test('when signed out, then 401; without the editor role, then 403; the flag does not move', async () => {
    const featuredBefore = await featuredIds();
    const id = await insertPost();
    expect((await app.client().put(`/api/blog/${id}/featured`)).status).toBe(401);
    expect((await member.put(`/api/blog/${id}/featured`)).status).toBe(403);
    expect(await featuredIds()).toEqual(featuredBefore);
  });

  test.each(['999999', 'abc'])('when the post %s does not exist, then 404 and the flag does not move', async (id) => {
    const featuredBefore = await featuredIds();
    const res = await editor.put(`/api/blog/${id}/featured`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Article not found');
    expect(await featuredIds()).toEqual(featuredBefore);
  });
});

describe('DELETE /api/blog/:id', () => {
  const addStudyData = (contentType: 'blog' | 'video', contentId: number) => addStudy(app.db, [editorId, memberId], contentType, contentId);
  const studyRows = (contentType: string, contentId: number) => countStudyRows(app.db, contentType, contentId);

  test('when an editor deletes a post, then 204 and the post, its bookmarks, progress and comments are gone; others stay', async () => {
    const doomed = await insertPost();
    const kept = await insertPost();
    await addStudyData('blog', doomed);
    await addStudyData('blog', kept);
    await addStudyData('video', doomed);
    const res = await editor.delete(`/api/blog/${doomed}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await app.db('blog_posts').where({ id: doomed })).toHaveLength(0);
    expect(await studyRows('blog', doomed)).toBe(0);
    expect(await studyRows('blog', kept)).toBe(6);
    expect(await studyRows('video', doomed)).toBe(6);
    expect((await app.client().get(`/api/blog/${doomed}`)).status).toBe(404);
  });

  test('when the featured post is deleted, then no post is featured', async () => {
    const id = await insertPost();
    await editor.put(`/api/blog/${id}/featured`);
    expect((await editor.delete(`/api/blog/${id}`)).status).toBe(204);
    expect(await featuredIds()).toEqual([]);
    expect((await app.client().get('/api/blog/featured')).body).toBeNull();
  });

  test('when signed out, then 401; without the editor role, then 403; nothing deleted', async () => {
    const id = await insertPost();
    await addStudyData('blog', id);
    expect((await app.client().delete(`/api/blog/${id}`)).status).toBe(401);
    expect((await member.delete(`/api/blog/${id}`)).status).toBe(403);
    expect(await app.db('blog_posts').where({ id })).toHaveLength(1);
    expect(await studyRows('blog', id)).toBe(6);
  });

  test.each(['999999', 'abc'])('when the post %s does not exist, then 404', async (id) => {
    const res = await editor.delete(`/api/blog/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Article not found');
  });
});
