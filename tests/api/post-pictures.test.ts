// Pictures on posts (docs/product.md#blog-management): a cover with alt text and `/objects/…`
// images in the text, both uploads of this server; the upload sweep keeps every picture a post
// uses, now or in a kept version, and a restore brings the cover back.
import { beforeAll, describe, expect, test } from 'vitest';
import { objectsService } from '#api/modules/objects/objects.service';
import { editorClient } from '../support/fixtures';
import { useTestApp, type ApiClient } from '../support/test-app';

// The smallest valid PNG (1x1 pixel).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DAY = 24 * 60 * 60 * 1000;

const app = useTestApp();
let editor: ApiClient;

beforeAll(async () => {
  editor = (await editorClient(app)).client;
});

/** Uploads a picture the desk's way (a one-time URL, then the PUT) and returns its path, `/objects/{id}`. */
async function upload(): Promise<string> {
  const ticket = await editor.post('/api/objects/upload');
  expect(ticket.status).toBe(201);
  const put = await editor.put(ticket.body.uploadURL, undefined, { raw: PNG, headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return new URL(put.body.objectURL as string).pathname;
}

const idOf = (path: string) => path.split('/').pop()!;

const aPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'On pictures',
  content: 'A paragraph.',
  excerpt: '',
  category: 'theology',
  readTime: 3,
  substackUrl: '',
  isExternal: false,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const res = await editor.post('/api/blog/create', aPost(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; version: number; coverImageUrl: string | null; coverImageAlt: string | null };
}

const stillStored = async (path: string) => !!(await app.db('uploaded_objects').where({ id: idOf(path) }).first('id'));

describe('a cover picture', () => {
  test('is stored with its alt text and reaches the desk, the post, the lists and the feeds', async () => {
    const cover = await upload();
    const post = await create({ coverImageUrl: cover, coverImageAlt: '  A lamp on a desk ' });
    expect(post).toMatchObject({ coverImageUrl: cover, coverImageAlt: 'A lamp on a desk' });

    const read = await app.client().get(`/api/blog/${post.id}`);
    expect(read.body).toMatchObject({ coverImageUrl: cover, coverImageAlt: 'A lamp on a desk' });
    const list = await app.client().get('/api/blog?limit=50');
    expect(list.body.find((p: { id: number }) => p.id === post.id)).toMatchObject({ coverImageUrl: cover, coverImageAlt: 'A lamp on a desk' });

    const rss = await app.client().get('/feed.xml');
    expect(rss.text).toContain(`<media:content url="${app.url}${cover}" medium="image"`);
    const json = await app.client().get('/feed.json');
    expect(json.body.items.find((i: { id: string }) => i.id.endsWith(`/blog/${post.id}`))).toMatchObject({ image: `${app.url}${cover}` });
  });

  test('given as an absolute URL on this site, is stored as its path', async () => {
    const cover = await upload();
    const post = await create({ coverImageUrl: `${app.url}${cover}`, coverImageAlt: 'A map' });
    expect(post.coverImageUrl).toBe(cover);
  });

  test('is changed by an edit, kept when the edit does not name it, and removed with null', async () => {
    const post = await create();
    expect(post).toMatchObject({ coverImageUrl: null, coverImageAlt: null });
    const cover = await upload();
    const edited = await editor.put(`/api/blog/${post.id}`, aPost({ version: 1, coverImageUrl: cover, coverImageAlt: 'A river' }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, coverImageUrl: cover, coverImageAlt: 'A river' });

    const untouched = await editor.put(`/api/blog/${post.id}`, aPost({ version: 2, title: 'Retitled' }));
    expect(untouched.body).toMatchObject({ version: 3, title: 'Retitled', coverImageUrl: cover, coverImageAlt: 'A river' });

    const removed = await editor.put(`/api/blog/${post.id}`, aPost({ version: 3, coverImageUrl: null, coverImageAlt: '' }));
    expect(removed.body).toMatchObject({ version: 4, coverImageUrl: null, coverImageAlt: null });
  });

  test.each([
    ['of another site', () => ({ coverImageUrl: 'https://elsewhere.example/objects/7f1e2d3c-4b5a-4968-8776-655443322110', coverImageAlt: 'x' }), /uploaded to this site/],
    ['that is not an upload at all', () => ({ coverImageUrl: `${app.url}/pwa-512x512.png`, coverImageAlt: 'x' }), /uploaded to this site/],
    ['of an object this server never stored', () => ({ coverImageUrl: '/objects/7f1e2d3c-4b5a-4968-8776-655443322110', coverImageAlt: 'x' }), /not found/],
    ['without alt text', () => ({ coverImageUrl: '/objects/7f1e2d3c-4b5a-4968-8776-655443322110', coverImageAlt: '  ' }), /alt text/],
    ['of a javascript: address', () => ({ coverImageUrl: 'javascript:alert(1)', coverImageAlt: 'x' }), /uploaded to this site/],
  ])('%s is refused with 400 naming the problem, and nothing is saved', async (_label, cover, message) => {
    const before = await app.db('blog_posts').count({ n: '*' }).first();
    const res = await editor.post('/api/blog/create', aPost(cover()));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await app.db('blog_posts').count({ n: '*' }).first()).toEqual(before);
  });

  test('whose upload has not finished is refused with 400', async () => {
    const ticket = await editor.post('/api/objects/upload');
    const id = (await app.db('uploaded_objects').where({ upload_token: (ticket.body.uploadURL as string).split('/').pop() }).first('id')).id as string;
    const res = await editor.post('/api/blog/create', aPost({ coverImageUrl: `/objects/${id}`, coverImageAlt: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not finished uploading/);
  });

  test('an edit with a bad cover is refused with 400 and leaves the post as it was', async () => {
    const post = await create();
    const res = await editor.put(`/api/blog/${post.id}`, aPost({ version: 1, coverImageUrl: 'https://elsewhere.example/a.png', coverImageAlt: 'x' }));
    expect(res.status).toBe(400);
    expect((await editor.get(`/api/blog/${post.id}?status=all`)).body).toMatchObject({ version: 1, coverImageUrl: null });
  });
});

describe('pictures in the text', () => {
  test('an uploaded picture with alt text is kept in the Markdown as written', async () => {
    const picture = await upload();
    const content = `Before.\n\n![A shepherd and his flock](${picture})\n\nAfter.`;
    const post = await create({ content });
    expect((await app.client().get(`/api/blog/${post.id}`)).body.content).toBe(content);
  });

  test.each([
    ['an empty alt', (p: string) => `Text.\n\n![](${p})`],
    ['an alt of spaces', (p: string) => `- a list\n- ![   ](${p})`],
    ['an absolute address on this site and no alt', (p: string) => `> ![](${app.url}${p})`],
    ['a reference-style picture with no alt', (p: string) => `![][pic]\n\n[pic]: ${p}`],
  ])('%s is refused with 400 naming the picture', async (_label, markdown) => {
    const picture = await upload();
    const res = await editor.post('/api/blog/create', aPost({ content: markdown(picture) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(picture);
    expect(res.body.message).toMatch(/alt text/);
  });

  test('a picture this server never stored is refused with 400; another site’s picture without alt is its own business', async () => {
    const unknown = '/objects/7f1e2d3c-4b5a-4968-8776-655443322110';
    const res = await editor.post('/api/blog/create', aPost({ content: `![A lamp](${unknown})` }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not found/);
    expect(res.body.message).toContain(unknown);
    const bad = await editor.post('/api/blog/create', aPost({ content: '![A lamp](/objects/not-an-id)' }));
    expect(bad.status).toBe(400);

    expect((await editor.post('/api/blog/create', aPost({ content: '![](https://cdn.example.net/a.png)' }))).status).toBe(201);
  });

  test('a text nested too deeply to read its pictures (or show it) is a 400, never a 500', async () => {
    const res = await editor.post('/api/blog/create', aPost({ content: `${'> '.repeat(50_000)}x` }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nested too deeply/);
  });

  test('a picture inside a code sample is text, not a picture', async () => {
    expect((await editor.post('/api/blog/create', aPost({ content: '```\n![](/objects/7f1e2d3c-4b5a-4968-8776-655443322110)\n```' }))).status).toBe(201);
  });
});

describe('restoring a version', () => {
  test('brings its cover back', async () => {
    const cover = await upload();
    const post = await create({ coverImageUrl: cover, coverImageAlt: 'Dawn' });
    await editor.put(`/api/blog/${post.id}`, aPost({ version: 1, coverImageUrl: '', coverImageAlt: '' }));
    const v1 = await editor.get(`/api/blog/${post.id}/versions/1`);
    expect(v1.body).toMatchObject({ coverImageUrl: cover, coverImageAlt: 'Dawn' });
    const v2 = await editor.get(`/api/blog/${post.id}/versions/2`);
    expect(v2.body).toMatchObject({ coverImageUrl: null, coverImageAlt: null });

    // The desk restores by saving the version's fields as the next version.
    const { title, content, excerpt, category, readTime, thumbnailUrl, coverImageUrl, coverImageAlt } = v1.body;
    const restored = await editor.put(`/api/blog/${post.id}`, { title, content, excerpt, category, readTime, thumbnailUrl, coverImageUrl, coverImageAlt, version: 2 });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, coverImageUrl: cover, coverImageAlt: 'Dawn' });
  });
});

describe('the upload sweep', () => {
  test('keeps every picture a post uses (cover, in the text, in an older version only) and deletes the rest; a deleted post’s pictures go a day later', async () => {
    const sweep = (now: number) => objectsService(app.db, app.config).sweepUnused(now);
    const [cover, inText, olderOnly, unused, avatarLike] = [await upload(), await upload(), await upload(), await upload(), await upload()];
    const post = await create({ content: `![Old picture](${olderOnly})`, coverImageUrl: cover, coverImageAlt: 'Cover' });
    const edited = await editor.put(`/api/blog/${post.id}`, aPost({ version: 1, content: `Now: ![New picture](${inText})` }));
    expect(edited.status, edited.text).toBe(200);
    // A link (not a picture) to an upload counts too: whatever names it keeps it.
    const linking = await create({ content: `[the scan](${avatarLike})` });

    await sweep(Date.now() + 2 * DAY);
    expect({
      cover: await stillStored(cover),
      inText: await stillStored(inText),
      olderOnly: await stillStored(olderOnly),
      linked: await stillStored(avatarLike),
      unused: await stillStored(unused),
    }).toEqual({ cover: true, inText: true, olderOnly: true, linked: true, unused: false });
    expect((await app.client().get(cover)).status).toBe(200);

    expect((await editor.delete(`/api/blog/${post.id}`)).status).toBe(204);
    expect(await app.db('post_objects').where({ post_id: post.id }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await app.db('post_objects').where({ post_id: post.id }).count({ n: '*' }).first())!.n)).toBe(0);
    await sweep(Date.now() + 2 * DAY);
    expect([await stillStored(cover), await stillStored(inText), await stillStored(olderOnly), await stillStored(avatarLike)]).toEqual([false, false, false, true]);
    expect(linking.id).toBeGreaterThan(0);
  });
});

describe("the post's page as the server renders it", () => {
  // The real renderer (the one `vite build --ssr` bundles), over this API.
  test('names the cover as og:image and as the JSON-LD image, shows it with its alt, and the text’s pictures load lazily', async () => {
    const { JSDOM } = await import('jsdom');
    const { render } = await import('#pwa/entry-server');
    const [cover, inText] = [await upload(), await upload()];
    const post = await create({ title: 'A post with a cover', coverImageUrl: cover, coverImageAlt: 'Sunrise over the Jordan', content: `Text.\n\n![A boat on the lake](${inText})` });
    const page = await render({ url: `/blog/${post.id}`, siteUrl: app.url, apiBase: app.url, domWindow: new JSDOM('').window });
    if (page.kind !== 'page') throw new Error(`rendered ${page.kind}`);
    expect(page.status).toBe(200);
    expect(page.headHtml).toContain(`<meta property="og:image" content="${app.url}${cover}" />`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.headHtml)![1]!);
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'A post with a cover', image: `${app.url}${cover}` });
    // Its address and the page it is the main thing of: the canonical link.
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.headHtml)?.[1];
    expect(canonical).toBe(`${app.url}/blog/${post.id}`);
    expect(jsonLd).toMatchObject({ url: canonical, mainEntityOfPage: { '@type': 'WebPage', '@id': canonical } });
    expect(page.appHtml).toMatch(new RegExp(`<img src="${cover}" alt="Sunrise over the Jordan"`));
    expect(page.appHtml).toContain(`<img src="${inText}" alt="A boat on the lake" loading="lazy" decoding="async">`);

    // Its card on /blog shows the cover too.
    const list = await render({ url: '/blog', siteUrl: app.url, apiBase: app.url, domWindow: new JSDOM('').window });
    expect(list.kind === 'page' && list.appHtml).toMatch(new RegExp(`<img src="${cover}" alt="Sunrise over the Jordan" loading="lazy"`));
  });
});
