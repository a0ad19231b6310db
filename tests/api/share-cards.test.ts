// Share cards (docs/decisions/019-share-cards.md): a 1200×630 PNG per post and video readers can
// see, at an address whose version (contract/share-card.ts) changes with what the card draws;
// drawn once per version and kept in CARDS_DIR; drawn without a picture its host does not send.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shareCardsService } from '#api/modules/share-cards/share-cards.service';
import { createServices } from '#api/services';
import { shareCardPath, shareCardVersion, type ShareCardFields, type ShareCardKind } from '#contract/share-card';
import { NAVIGATION_DENYLIST } from '#pwa/navigation-denylist';
import { editorClient, insertBlogPost, insertVideo, postWithCover } from '../support/fixtures';
import { useTestApp, type ApiClient } from '../support/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const cardsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-cards-'));
afterAll(() => {
  fs.rmSync(cardsDir, { recursive: true, force: true });
});
// After the afterAll above, so that the cards are removed once the app has closed.
const site = useTestApp({ env: { CARDS_DIR: cardsDir } });
let editor: ApiClient;
/** A port that takes connections and never answers: a picture host that hangs. */
let silent: net.Server;
const held: net.Socket[] = [];
let silentUrl: string;

beforeAll(async () => {
  editor = (await editorClient(site)).client;
  silent = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function get(p: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${site.url}${p}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The PNG's size from its IHDR chunk, after checking the signature: what an image viewer reads first. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What the page computes for its og:image, from the fields the card draws. */
const versionOf = (kind: ShareCardKind, fields: ShareCardFields) => shareCardVersion(kind, fields);
const filesOf = (kind: ShareCardKind, id: number) => fs.readdirSync(path.join(cardsDir, kind, String(id))).sort();

describe('a post’s card', () => {
  test('is a 1200×630 PNG at the address the page names, cacheable for a year there and shown by other sites', async () => {
    const id = await insertBlogPost(site.db, { title: 'Why context matters', category: 'bible-study' });
    const address = shareCardPath('posts', id, { title: 'Why context matters', category: 'bible-study', picture: null });
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(pngSize(res.bytes)).toEqual({ width: 1200, height: 630 });
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('etag')).toBeTruthy();

    // The same bytes without the version, or with another one, but only for a while.
    for (const other of [`/cards/posts/${id}.png`, `/cards/posts/${id}.png?v=old`]) {
      const again = await get(other);
      expect(again.status).toBe(200);
      expect(again.bytes.equals(res.bytes)).toBe(true);
      expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    // A client that has it is told so without the bytes (fetch() adds `Cache-Control: no-cache`
    // to a conditional request unless told otherwise; a browser revalidating sends max-age=0).
    const revalidated = await get(address, { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
  });

  test('is drawn once: a second visit is answered with the kept file, untouched', async () => {
    const id = await insertBlogPost(site.db, { title: 'Drawn once' });
    const first = await get(`/cards/posts/${id}.png`);
    expect(first.status).toBe(200);
    const [file] = filesOf('posts', id);
    const written = fs.statSync(path.join(cardsDir, 'posts', String(id), file!)).mtimeMs;
    const second = await get(`/cards/posts/${id}.png`);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(filesOf('posts', id)).toEqual([file]);
    expect(fs.statSync(path.join(cardsDir, 'posts', String(id), file!)).mtimeMs).toBe(written);
  });

  test('changes with its title: a new version, other bytes, and the old file is gone; the old address gets the new card', async () => {
    const id = await insertBlogPost(site.db, { title: 'Before the edit', category: 'theology' });
    const before = versionOf('posts', { title: 'Before the edit', category: 'theology', picture: null });
    const old = await get(`/cards/posts/${id}.png?v=${before}`);
    expect(old.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(filesOf('posts', id)).toEqual([`${before}.png`]);

    await site.db('blog_posts').where({ id }).update({ title: 'After the edit' });
    const after = versionOf('posts', { title: 'After the edit', category: 'theology', picture: null });
    expect(after).not.toBe(before);
    const fresh = await get(`/cards/posts/${id}.png?v=${after}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(fresh.bytes.equals(old.bytes)).toBe(false);
    expect(filesOf('posts', id)).toEqual([`${after}.png`]);

    const stale = await get(`/cards/posts/${id}.png?v=${before}`);
    expect(stale.bytes.equals(fresh.bytes)).toBe(true);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test('opened in a tab of its own, is the picture: the service worker does not answer it with the app', () => {
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/cards/posts/12.png?v=abc'))).toBe(true);
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/cards/videos/3.png'))).toBe(true);
  });

  test('a category change is a new version too', () => {
    const fields = { title: 'Same title', category: 'theology', picture: null };
    expect(versionOf('posts', { ...fields, category: 'ministry' })).not.toBe(versionOf('posts', fields));
    expect(versionOf('videos', fields)).not.toBe(versionOf('posts', fields));
  });

  test('shows its cover, read from the uploads', async () => {
    const created = await postWithCover(editor, { title: 'With a cover', category: 'ministry' });
    const { cover } = created;
    expect(created.status, created.text).toBe(201);
    const address = shareCardPath('posts', created.id, { title: 'With a cover', category: 'ministry', picture: cover });
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(pngSize(res.bytes)).toEqual({ width: 1200, height: 630 });
    // Drawn with its picture: kept for good.
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  test('whose picture is neither an upload nor on the web is drawn without it, for good', async () => {
    const id = await insertBlogPost(site.db, { title: 'A picture nowhere', thumbnail_url: 'images/lamp.png' });
    const res = await get(shareCardPath('posts', id, { title: 'A picture nowhere', category: 'theology', picture: 'images/lamp.png' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  test('whose picture’s host never answers still comes, without the picture, and is kept only briefly', async () => {
    const id = await insertBlogPost(site.db, { title: 'A picture on a silent host', thumbnail_url: `${silentUrl}/picture.jpg` });
    const res = await get(`/cards/posts/${id}.png`);
    expect(res.status).toBe(200);
    expect(pngSize(res.bytes)).toEqual({ width: 1200, height: 630 });
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
  });
});

describe('what has no card', () => {
  test('a draft, a scheduled post and an unknown id are 404 with a message', async () => {
    const draft = await insertBlogPost(site.db, { status: 'draft' });
    const scheduled = await insertBlogPost(site.db, { published_at: new Date(Date.now() + 86_400_000).toISOString() });
    for (const p of [`/cards/posts/${draft}.png`, `/cards/posts/${scheduled}.png`, '/cards/posts/987654321.png', '/cards/videos/987654321.png', '/cards/posts/99999999999.png']) {
      const res = await editor.get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/^application\/json/);
      expect(res.body.message, p).toMatch(/not found/i);
    }
  });

  test('a post made a draft again loses its kept card', async () => {
    const id = await insertBlogPost(site.db);
    expect((await get(`/cards/posts/${id}.png`)).status).toBe(200);
    expect(filesOf('posts', id)).toHaveLength(1);
    await site.db('blog_posts').where({ id }).update({ status: 'draft' });
    expect((await get(`/cards/posts/${id}.png`)).status).toBe(404);
    expect(fs.existsSync(path.join(cardsDir, 'posts', String(id)))).toBe(false);
  });

  test('an id that is not one is 400 with a message', async () => {
    for (const p of ['/cards/posts/abc.png', '/cards/posts/007.png', '/cards/videos/1e3.png', '/cards/posts/0.png']) {
      const res = await site.client().get(p);
      expect(res.status, p).toBe(400);
      expect(res.body.message, p).toBeTruthy();
    }
  });

  test('a version given twice is 400, not a 500', async () => {
    const id = await insertBlogPost(site.db);
    const res = await site.client().get(`/cards/posts/${id}.png?v=a&v=b`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});

describe('a video’s card', () => {
  test('comes as a PNG even though the video platform’s image host cannot be reached from here', async () => {
    const id = await insertVideo(site.db, { title: 'Reading Acts in context', category: 'church-history', youtube_id: 'dQw4w9WgXcQ' });
    const address = shareCardPath('videos', id, { title: 'Reading Acts in context', category: 'church-history', picture: 'dQw4w9WgXcQ' });
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(pngSize(res.bytes)).toEqual({ width: 1200, height: 630 });
  });
});

describe('the service', () => {
  /** The app's own services over the test's database, with a cards folder of their own. */
  function services() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-cards-svc-'));
    const made = createServices({ db: site.db, config: { ...site.config, cardsDir: dir }, events: site.events });
    return { dir, ...made };
  }

  test('draws a card asked for five times at once one time, and not again afterwards', async () => {
    const { dir, shareCards } = services();
    try {
      const id = await insertBlogPost(site.db, { title: 'Asked for at once' });
      const cards = await Promise.all(Array.from({ length: 5 }, () => shareCards.card('posts', id)));
      expect(shareCards.drawnCount()).toBe(1);
      for (const card of cards) expect(card.png.equals(cards[0]!.png)).toBe(true);
      await shareCards.card('posts', id);
      expect(shareCards.drawnCount()).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('draws a video whose thumbnail host never answers without it, and serves that card until it is time to try again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-cards-svc-'));
    try {
      const { blog, videos, objects } = createServices({ db: site.db, config: site.config, events: site.events });
      const shareCards = shareCardsService(
        { blog, videos, objects },
        { dir, videoThumbnails: (youtubeId) => [`${silentUrl}/vi/${youtubeId}/maxresdefault.jpg`, `${silentUrl}/vi/${youtubeId}/hqdefault.jpg`], pictureTimeoutMs: 300 },
      );
      const id = await insertVideo(site.db, { title: 'A silent thumbnail host' });
      const card = await shareCards.card('videos', id);
      expect(card.complete).toBe(false);
      expect(pngSize(card.png)).toEqual({ width: 1200, height: 630 });
      const again = await shareCards.card('videos', id);
      expect(again.png.equals(card.png)).toBe(true);
      expect(shareCards.drawnCount()).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
