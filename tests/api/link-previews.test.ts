// What a shared page tells link previews (pwa/entry-server.tsx, the pages' usePageHead): a post
// or video names its share card (docs/decisions/019-share-cards.md) as og:image, twitter:image and
// JSON-LD image, at the version the card server answers for good; a post's cover wins over its
// card. The real server renderer, run here on its sources against the test app's API (the built
// one is driven by e2e/server-render.e2e.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, test } from 'vitest';
import { shareCardPath } from '#contract/share-card';
import { render } from '#pwa/entry-server';
import { editorClient, insertBlogPost, insertVideo, postWithCover } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const cardsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-previews-'));
afterAll(() => {
  fs.rmSync(cardsDir, { recursive: true, force: true });
});
// After the afterAll above, so that the cards are removed once the app has closed.
const site = useTestApp({ env: { CARDS_DIR: cardsDir } });

/** The head the server renderer writes for `url`, with the test app as the site and its API. */
async function headOf(url: string): Promise<string> {
  const result = await render({ url, siteUrl: site.url, apiBase: site.url, domWindow: new JSDOM('').window });
  if (result.kind !== 'page') throw new Error(`${url} was a ${result.kind}`);
  expect(result.status).toBe(200);
  return result.headHtml;
}

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

function meta(head: string, attribute: 'name' | 'property', key: string): string | undefined {
  const found = new RegExp(`<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(head);
  return found ? unescape(found[1]!) : undefined;
}

function jsonLd(head: string): Record<string, unknown> {
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head);
  return JSON.parse(found![1]!) as Record<string, unknown>;
}

describe('a post without a picture', () => {
  test('names its card, at the version the card server keeps for a year, as og:image, twitter:image and JSON-LD image', async () => {
    const id = await insertBlogPost(site.db, { title: 'Proof texts & their contexts', category: 'apologetics' });
    const head = await headOf(`/blog/${id}`);
    const card = `${site.url}${shareCardPath('posts', id, { title: 'Proof texts & their contexts', category: 'apologetics', picture: null })}`;
    expect(meta(head, 'property', 'og:image')).toBe(card);
    expect(meta(head, 'property', 'og:image:width')).toBe('1200');
    expect(meta(head, 'property', 'og:image:height')).toBe('630');
    expect(meta(head, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'name', 'twitter:image')).toBe(card);
    expect(jsonLd(head)).toMatchObject({ '@type': 'BlogPosting', image: card });

    const res = await fetch(card);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  });
});

describe('a post with a cover', () => {
  test('keeps its cover as the preview picture, without a claimed size', async () => {
    const { client: editor } = await editorClient(site);
    const created = await postWithCover(editor, { title: 'A post with a cover', category: 'theology' });
    const { cover } = created;
    expect(created.status, created.text).toBe(201);

    const head = await headOf(`/blog/${created.id}`);
    expect(meta(head, 'property', 'og:image')).toBe(`${site.url}${cover}`);
    expect(meta(head, 'property', 'og:image:width')).toBeUndefined();
    expect(meta(head, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'name', 'twitter:image')).toBe(`${site.url}${cover}`);
    expect(jsonLd(head)).toMatchObject({ image: `${site.url}${cover}` });
  });
});

describe('a video', () => {
  test('names its card as og:image and JSON-LD image, and keeps the video platform’s thumbnail as thumbnailUrl', async () => {
    const id = await insertVideo(site.db, { title: 'Genesis 1 in its world', category: 'bible-study', youtube_id: 'abcDEF12345' });
    const head = await headOf(`/watch/${id}`);
    const address = shareCardPath('videos', id, { title: 'Genesis 1 in its world', category: 'bible-study', picture: 'abcDEF12345' });
    const card = `${site.url}${address}`;
    expect(meta(head, 'property', 'og:image')).toBe(card);
    expect(meta(head, 'property', 'og:image:width')).toBe('1200');
    expect(meta(head, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(head, 'name', 'twitter:image')).toBe(card);
    expect(jsonLd(head)).toMatchObject({ '@type': 'VideoObject', image: card, thumbnailUrl: 'https://i.ytimg.com/vi/abcDEF12345/hqdefault.jpg' });

    // The card server agrees on the version (its ETag names it), whether or not the thumbnail came.
    const res = await fetch(card);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toMatch(new RegExp(`^"${new URL(card).searchParams.get('v')}(-nopicture)?"$`));
  });
});

describe('a page without a picture of its own', () => {
  test('keeps the icon and the small summary card', async () => {
    const head = await headOf('/videos');
    expect(meta(head, 'property', 'og:image')).toBe(`${site.url}/pwa-512x512.png`);
    expect(meta(head, 'property', 'og:image:width')).toBeUndefined();
    expect(meta(head, 'name', 'twitter:card')).toBe('summary');
  });
});
