import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#api/config';
import { SITE_DOCUMENT_PATHS } from '#contract';
import { NAVIGATION_DENYLIST } from '#pwa/navigation-denylist';
import { editorClient, insertBlogPost, insertVideo } from '../support/fixtures';
import { startTestApp, useTestApp } from '../support/test-app';

// The feeds, the sitemap and robots.txt (api/modules/feeds). `site` has PUBLIC_URL set (with a
// trailing slash, which must go) and a built shell in DIST_DIR, so "not the shell" means something.
const SHELL = '<!doctype html><title>shell</title><div id="root"></div>';
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-feeds-dist-'));
const PUBLIC_URL = 'https://example.org';

beforeAll(() => {
  fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
});
afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
});
// After the hooks above: the shell is written before the app starts and removed after it closed.
const site = useTestApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/`, DIST_DIR: distDir } });

// Every value is kept as text (a title "2024" stays a string); repeated elements are always arrays.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['item', 'url', 'category'].includes(name),
});

interface RssItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description?: string;
  category: string[];
  'media:content'?: { '@_url': string; '@_medium': string };
}

/** Parses a document after checking it is well-formed XML. */
function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

function rssItems(text: string): RssItem[] {
  return (parseXml(text).rss.channel.item ?? []) as RssItem[];
}

/**
 * Each insert is dated a minute after the one before, from a month ago: the newest posts are this
 * test's own, and all are in the past (a post dated ahead is scheduled, and no feed lists it yet).
 */
let minute = 0;
const FROM = Date.now() - 30 * 86_400_000;
const nextDate = () => new Date(FROM + ++minute * 60_000).toISOString();

const insertPost = (overrides: Record<string, unknown> = {}) => insertBlogPost(site.db, { published_at: nextDate(), ...overrides });

/** node:http, to send exactly the headers given (Host included, which fetch will not let us set). */
function rawGet(url: string, reqPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    http
      .request(`${url}${reqPath}`, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject)
      .end();
  });
}

describe('GET /feed.xml', () => {
  test('when posts exist, then RSS 2.0 lists them newest first with absolute links from PUBLIC_URL', async () => {
    const external = await insertPost({ title: 'Imported', is_external: true, substack_url: 'https://someone.substack.com/p/imported', category: 'church-history' });
    const older = await insertPost({ title: 'Older', thumbnail_url: 'https://cdn.example.net/pics/older.jpg?w=600&h=400' });
    const newest = await insertPost({ title: 'Newest', excerpt: 'The newest one.', category: 'bible-study' });

    const res = await site.client().get('/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(res.text);
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss.channel.title).toBe('context is key');
    expect(doc.rss.channel.link).toBe(`${PUBLIC_URL}/blog`);
    expect(doc.rss.channel['atom:link']['@_href']).toBe(`${PUBLIC_URL}/feed.xml`);

    const items = rssItems(res.text);
    expect(items.slice(0, 3).map((i) => i.title)).toEqual(['Newest', 'Older', 'Imported']);
    const [first, second, third] = items as [RssItem, RssItem, RssItem];
    const newestRow = await site.db('blog_posts').where({ id: newest }).first();
    expect(first).toMatchObject({
      link: `${PUBLIC_URL}/blog/${newest}`,
      guid: { '#text': `${PUBLIC_URL}/blog/${newest}`, '@_isPermaLink': 'true' },
      pubDate: new Date(newestRow.published_at).toUTCString(),
      description: 'The newest one.',
      category: ['Bible Study'],
    });
    expect(first['media:content']).toBeUndefined();
    expect(second['media:content']).toEqual({ '@_url': 'https://cdn.example.net/pics/older.jpg?w=600&h=400', '@_medium': 'image' });
    expect(second.link).toBe(`${PUBLIC_URL}/blog/${older}`);
    // An imported post is read on this site: its link is the site's own page, not Substack.
    expect(third.link).toBe(`${PUBLIC_URL}/blog/${external}`);
    expect(res.text).not.toContain('substack.com');
    expect(doc.rss.channel.lastBuildDate).toBe(first.pubDate);
  });

  test('when there are more than 50 posts, then only the 50 newest are in the feed', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 55; n += 1) ids.push(await insertPost({ title: `Bulk ${n}` }));
    const items = rssItems((await site.client().get('/feed.xml')).text);
    expect(items).toHaveLength(50);
    expect(items.map((i) => i.link)).toEqual(ids.slice(-50).reverse().map((id) => `${PUBLIC_URL}/blog/${id}`));
  });

  test('when a title or excerpt holds markup, then it is escaped text, never markup in the XML', async () => {
    const title = '<script>alert(1)</script> ]]> & "quotes" \u0008';
    const excerpt = 'Use <b>bold</b> & ]]><script>x</script>';
    await insertPost({ title, excerpt });
    const res = await site.client().get('/feed.xml');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).not.toContain('<b>');
    expect(res.text).not.toContain('\u0008');
    const [item] = rssItems(res.text);
    // The title is plain text (the control character, which XML cannot carry, is dropped) ...
    expect(item!.title).toBe('<script>alert(1)</script> ]]> & "quotes" ');
    // ... and the description is that text as HTML, which is how readers render it.
    expect(item!.description).toBe('Use &lt;b&gt;bold&lt;/b&gt; &amp; ]]&gt;&lt;script&gt;x&lt;/script&gt;');
  });

  test('an unknown path next to the documents is a 404, not the shell', async () => {
    for (const p of ['/feed.xml.bak', '/feed.xmlx', '/sitemap.xml.gz', '/robots.txt~']) {
      const res = await site.client().get(p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('<div id="root">');
    }
    // A client route still gets the shell: the documents are answered first, nothing else changed.
    expect((await site.client().get('/blog')).text).toBe(SHELL);
  });
});

describe('GET /feed.json', () => {
  test('when posts exist, then JSON Feed 1.1 carries the same posts, newest first', async () => {
    const external = await insertPost({ title: 'Imported JSON', is_external: true, substack_url: 'https://someone.substack.com/p/json' });
    const withImage = await insertPost({ title: 'With image', excerpt: 'Pictured.', thumbnail_url: 'https://cdn.example.net/a.png', category: 'theology' });

    const res = await site.client().get('/feed.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(res.text);
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'context is key',
      home_page_url: `${PUBLIC_URL}/blog`,
      feed_url: `${PUBLIC_URL}/feed.json`,
    });
    expect(feed.items.length).toBeLessThanOrEqual(50);
    const row = await site.db('blog_posts').where({ id: withImage }).first();
    expect(feed.items[0]).toEqual({
      id: `${PUBLIC_URL}/blog/${withImage}`,
      url: `${PUBLIC_URL}/blog/${withImage}`,
      title: 'With image',
      content_text: 'Pictured.',
      summary: 'Pictured.',
      image: 'https://cdn.example.net/a.png',
      date_published: new Date(row.published_at).toISOString(),
      tags: ['Theology'],
    });
    expect(feed.items[1]).toMatchObject({ url: `${PUBLIC_URL}/blog/${external}`, external_url: 'https://someone.substack.com/p/json' });
    // The RSS feed lists the same posts in the same order.
    const rss = rssItems((await site.client().get('/feed.xml')).text);
    expect(rss.map((i) => i.link)).toEqual(feed.items.map((i: { url: string }) => i.url));
  });

  test('a title with markup is a JSON string, never content_html', async () => {
    await insertPost({ title: '</script><script>alert(1)</script>' });
    const feed = JSON.parse((await site.client().get('/feed.json')).text);
    expect(feed.items[0].title).toBe('</script><script>alert(1)</script>');
    expect(feed.items.every((i: Record<string, unknown>) => !('content_html' in i))).toBe(true);
  });
});

describe('GET /sitemap.xml', () => {
  test('lists the public pages and every post and video, with their dates', async () => {
    await insertPost();
    const video = await insertVideo(site.db, { published_at: '2031-05-06T07:08:09.000Z' });
    const res = await site.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const doc = parseXml(res.text);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url as Array<{ loc: string; lastmod?: string }>;
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);

    const posts = await site.db('blog_posts').select('id', 'published_at');
    const videos = await site.db('videos').select('id', 'published_at');
    const expected = [
      ...['/', '/videos', '/blog', '/live-qa'].map((p) => `${PUBLIC_URL}${p}`),
      ...posts.map((p) => `${PUBLIC_URL}/blog/${p.id}`),
      ...videos.map((v) => `${PUBLIC_URL}/watch/${v.id}`),
    ];
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/watch/${video}`)?.lastmod).toBe('2031-05-06T07:08:09.000Z');
    for (const p of posts) {
      expect(urls.find((u) => u.loc === `${PUBLIC_URL}/blog/${p.id}`)?.lastmod).toBe(new Date(p.published_at).toISOString());
    }
    // /blog changed when its newest post appeared.
    const newestPost = posts.map((p) => new Date(p.published_at).toISOString()).sort().at(-1);
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/blog`)?.lastmod).toBe(newestPost);
  });
});

describe('GET /robots.txt', () => {
  test('allows the public pages, disallows the private ones and the API, and names the sitemap', async () => {
    const res = await site.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /bookmarks',
        'Disallow: /profile',
        'Disallow: /sync',
        'Disallow: /blog-admin',
        'Disallow: /notes',
        'Disallow: /share',
        'Disallow: /saved',
        'Disallow: /reset-password',
        'Disallow: /newsletter/',
        'Disallow: /confirm-email',
        'Disallow: /api/',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('without PUBLIC_URL, with the public cache on', () => {
  const cached = useTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });

  test("links start with the request's own origin; X-Forwarded-Host counts only with TRUST_PROXY", async () => {
    await insertBlogPost(cached.db, { title: 'Origin post' });
    const own = await rawGet(cached.url, '/robots.txt');
    expect(own.text).toContain(`Sitemap: ${cached.url}/sitemap.xml`);
    const forwarded = { 'X-Forwarded-Host': 'www.example.com', 'X-Forwarded-Proto': 'https' };
    const untrusted = await rawGet(cached.url, '/feed.xml', forwarded);
    expect(untrusted.text).not.toContain('www.example.com');
    expect(rssItems(untrusted.text)[0]!.link).toMatch(new RegExp(`^${cached.url}/blog/\\d+$`));

    const behindProxy = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      expect((await rawGet(behindProxy.url, '/robots.txt', forwarded)).text).toContain('Sitemap: https://www.example.com/sitemap.xml');
    } finally {
      await behindProxy.close();
    }
  });

  test('an answer built for one host name is never served from memory to another', async () => {
    const { port } = new URL(cached.url);
    const first = await rawGet(cached.url, '/sitemap.xml', { Host: `127.0.0.1:${port}` });
    const other = await rawGet(cached.url, '/sitemap.xml', { Host: `localhost:${port}` });
    expect(first.text).toContain(`<loc>http://127.0.0.1:${port}/</loc>`);
    expect(other.text).toContain(`<loc>http://localhost:${port}/</loc>`);
    expect(other.text).not.toContain('127.0.0.1');
  });

  test('each document carries an ETag and answers 304 to it', async () => {
    for (const p of SITE_DOCUMENT_PATHS) {
      const first = await rawGet(cached.url, p);
      expect(first.status, p).toBe(200);
      expect(first.headers.etag, p).toBeTruthy();
      const again = await rawGet(cached.url, p, { 'If-None-Match': first.headers.etag! });
      expect(again.status, p).toBe(304);
    }
  });

  test('a blog write drops the feeds and the sitemap at once; a view of a video drops the sitemap', async () => {
    const { client: editor } = await editorClient(cached);
    const before = await editor.get('/feed.json');
    await editor.get('/sitemap.xml');
    // Rows added behind the API's back do not show while the answer is fresh: the cache is on.
    const hidden = await insertBlogPost(cached.db, { title: 'Behind the cache', published_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await editor.get('/feed.json')).text).toBe(before.text);

    const created = await editor.post('/api/blog/create', { title: 'Written through the API', content: 'Body.', category: 'ministry' });
    expect(created.status).toBe(201);
    const titles = JSON.parse((await editor.get('/feed.json')).text).items.map((i: { title: string }) => i.title);
    expect(titles).toContain('Written through the API');
    expect(titles).toContain('Behind the cache');
    expect(rssItems((await editor.get('/feed.xml')).text).map((i) => i.title)).toContain('Written through the API');
    expect((await editor.get('/sitemap.xml')).text).toContain(`/blog/${hidden}</loc>`);

    const video = await insertVideo(cached.db);
    expect((await editor.get('/sitemap.xml')).text).not.toContain(`/watch/${video}</loc>`);
    expect((await editor.post(`/api/videos/${video}/views`)).status).toBe(200);
    expect((await editor.get('/sitemap.xml')).text).toContain(`/watch/${video}</loc>`);
  });
});

describe("the service worker's navigation fallback", () => {
  // Workbox's NavigationRoute tests each denylist pattern against the path and the query together.
  const denied = (pathAndQuery: string) => NAVIGATION_DENYLIST.some((re) => re.test(pathAndQuery));

  test('never answers the documents with the shell, with or without a query', () => {
    for (const p of SITE_DOCUMENT_PATHS) {
      expect(denied(p), p).toBe(true);
      expect(denied(`${p}?utm_source=reader`), p).toBe(true);
      expect(denied(p.toUpperCase()), p).toBe(true);
    }
    for (const p of ['/api/blog', '/objects/abc']) expect(denied(p), p).toBe(true);
  });

  test('still answers client routes, including ones that only start like a document', () => {
    for (const p of ['/', '/blog', '/blog/3', '/watch/12', '/feed', '/feed.xml.bak', '/sitemap', '/profile']) expect(denied(p), p).toBe(false);
  });
});

describe('the PUBLIC_URL setting', () => {
  const publicUrl = (value: string | undefined) => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: value }).publicUrl;

  test('an origin is kept without its trailing slash; unset or blank means the request origin', () => {
    expect(publicUrl('https://example.org/')).toBe('https://example.org');
    expect(publicUrl('https://Example.org:8443')).toBe('https://example.org:8443');
    expect(publicUrl(undefined)).toBeNull();
    expect(publicUrl('  ')).toBeNull();
  });

  test('anything but an http(s) origin is refused at start', () => {
    for (const bad of ['example.org', 'ftp://example.org', 'https://example.org/blog', 'https://example.org/?x=1', 'https://user:pw@example.org']) {
      expect(() => publicUrl(bad), bad).toThrow(/PUBLIC_URL/);
    }
  });
});
