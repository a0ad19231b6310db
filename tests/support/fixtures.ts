import type { Db } from '#api/db';
import { nowIso } from '#api/lib/convert';
import { rolesService } from '#api/modules/users/roles.service';
import { signUp, uniqueName, type ApiClient, type TestApp } from './test-app';

/**
 * Rows inserted straight into the tables, so each test owns what it reads. `overrides` are column
 * values (snake_case) that replace the defaults. Each helper returns the new id; `.returning('id')`
 * gives `{ id }` objects on SQLite and PostgreSQL alike, a bare value on older drivers.
 */
type Row = Record<string, unknown>;

/**
 * A publication date a minute after the last one it gave, from `from` (ms since the epoch): rows
 * inserted in turn are newest last, the order search and the lists break ties by.
 */
export function minuteClock(from = Date.UTC(2024, 0, 1)): () => string {
  let clock = from;
  return () => new Date((clock += 60_000)).toISOString();
}

let seq = 0;

async function insertReturningId(db: Db, table: string, row: Row): Promise<number> {
  const [inserted] = await db(table).insert(row).returning('id');
  return Number(typeof inserted === 'object' ? inserted.id : inserted);
}

/** A video, published now, with a unique title and YouTube id. */
export function insertVideo(db: Db, overrides: Row = {}): Promise<number> {
  seq += 1;
  return insertReturningId(db, 'videos', {
    title: `Video ${seq}`,
    description: `About video ${seq}`,
    category: 'apologetics',
    duration: '12:34',
    views: 0,
    published_at: nowIso(),
    youtube_id: `yt${seq}`,
    is_short: false,
    featured: false,
    ...overrides,
  });
}

/** A blog post, published now, with a unique title and excerpt. */
export function insertBlogPost(db: Db, overrides: Row = {}): Promise<number> {
  seq += 1;
  return insertReturningId(db, 'blog_posts', {
    title: `Post ${seq}`,
    content: '# Body',
    excerpt: `Excerpt ${seq}`,
    category: 'theology',
    read_time: 7,
    views: 0,
    published_at: nowIso(),
    featured: false,
    is_external: false,
    ...overrides,
  });
}

/**
 * A blog post published on 2020-01-01 (behind every post a test dates itself), a 4-minute read,
 * whose title, Markdown body and excerpt name it: the rows of the blog suites.
 */
export function insertBackdatedBlogPost(db: Db, overrides: Row = {}): Promise<number> {
  seq += 1;
  return insertBlogPost(db, {
    title: `Post ${seq}`,
    content: `# Post ${seq}\n\nBody of post ${seq}.`,
    excerpt: `Excerpt ${seq}`,
    read_time: 4,
    published_at: '2020-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A live stream that is not live and is scheduled a day from now. */
export function insertLiveStream(db: Db, overrides: Row = {}): Promise<number> {
  return insertReturningId(db, 'live_streams', {
    title: 'Q&A',
    description: 'Ask anything',
    is_live: false,
    viewer_count: 0,
    scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
    ...overrides,
  });
}

/** Grants the editor role the way `npm run editor -- grant` does (there is no other way). */
export async function grantEditor(db: Db, username: string): Promise<void> {
  await rolesService(db).grantEditor(username);
}

/** A client signed in as a new editor of `app`, and who that editor is. */
export async function editorClient(app: TestApp, username = uniqueName('ed')): Promise<{ client: ApiClient; id: number; email: string; username: string }> {
  const client = app.client();
  const user = await signUp(client, username);
  await grantEditor(app.db, username);
  return { client, id: user.id, email: user.email, username };
}

/** The smallest valid PNG (1×1 pixel). */
export const PNG_PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A published post with an uploaded cover picture, created through the desk's API by `editor`. */
export async function postWithCover(editor: ApiClient, fields: { title: string; category: string }): Promise<{ id: number; cover: string; status: number; text: string }> {
  const ticket = await editor.post('/api/objects/upload');
  const put = await editor.put(ticket.body.uploadURL, undefined, { raw: PNG_PIXEL, headers: { 'content-type': 'image/png' } });
  if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
  const cover = new URL(put.body.objectURL as string).pathname;
  const created = await editor.post('/api/blog/create', {
    ...fields,
    content: 'A paragraph.',
    excerpt: '',
    readTime: 3,
    substackUrl: '',
    isExternal: false,
    coverImageUrl: cover,
    coverImageAlt: 'A lamp',
  });
  return { id: created.body.id as number, cover, status: created.status, text: created.text };
}
