import type { Knex } from 'knex';
import { isPostgres, type Db } from '#api/db';
import { blogPosts } from './blog-posts/index';
import { devotionals } from './devotionals/index';
import { liveStreams } from './live';
import { readTimeFor, substackUrl } from './text';
import type { SeedLiveStream } from './types';
import { videos } from './videos';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Rows per INSERT statement: far below PostgreSQL's and SQLite's bound-parameter limits. */
const CHUNK_SIZE = 50;
/** Key of the PostgreSQL advisory lock that serializes concurrent seeders (two servers starting at once). */
const SEED_LOCK_KEY = 727_274_001;
/** The tables whose emptiness means "fresh install". */
const CONTENT_TABLES = ['videos', 'blog_posts', 'devotionals', 'live_streams'] as const;

/** An afternoon (UTC) some days before `now`, never after it. */
function publishedAt(now: Date, daysAgo: number): string {
  const d = new Date(now.getTime() - daysAgo * DAY_MS);
  d.setUTCHours(13 + (daysAgo % 6), (daysAgo * 7) % 60, 0, 0);
  return (d.getTime() > now.getTime() ? new Date(now.getTime() - daysAgo * DAY_MS) : d).toISOString();
}

/** `inDays` after `now`, rounded up to the next whole hour (0 days: exactly now). */
function scheduledFor(now: Date, inDays: number): string {
  if (inDays === 0) return now.toISOString();
  const t = now.getTime() + inDays * DAY_MS;
  return new Date(Math.ceil(t / HOUR_MS) * HOUR_MS).toISOString();
}

function oldestFirst<T extends { daysAgo: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.daysAgo - a.daysAgo);
}

/** The rows a fresh install gets, with dates relative to `now`. Ids follow publication order. */
export function buildSeedRows(now: Date) {
  const createdAt = now.toISOString();
  return {
    videos: oldestFirst(videos).map((v) => ({
      title: v.title,
      description: v.description,
      category: v.category,
      duration: v.duration,
      views: v.views,
      published_at: publishedAt(now, v.daysAgo),
      youtube_id: v.youtubeId,
      is_short: v.isShort === true,
      featured: v.featured === true,
    })),
    blogPosts: oldestFirst(blogPosts).map((p) => ({
      title: p.title,
      content: p.body,
      excerpt: p.excerpt,
      category: p.category,
      read_time: readTimeFor(p.body),
      views: p.views,
      published_at: publishedAt(now, p.daysAgo),
      thumbnail_url: null,
      featured: p.featured === true,
      is_external: p.external === true,
      substack_url: p.external === true ? substackUrl(p.slug) : null,
      author_id: null,
    })),
    devotionals: devotionals.map((d) => ({
      date: null,
      title: d.title,
      verse_text: d.verseText,
      verse_reference: d.verseReference,
      content: d.content,
      created_at: createdAt,
    })),
    liveStreams: liveStreams.map((s: SeedLiveStream) => ({
      stream: {
        title: s.title,
        description: s.description,
        is_live: s.isLive,
        viewer_count: s.viewerCount,
        thumbnail_url: null,
        scheduled_for: scheduledFor(now, s.inDays),
      },
      questions: (s.questions ?? []).map((q) => ({
        asked_by: q.askedBy,
        question: q.question,
        is_highlighted: q.isHighlighted === true,
        is_answered: q.isAnswered === true,
        created_at: new Date(now.getTime() - q.minutesAgo * 60_000).toISOString(),
      })),
    })),
  };
}

async function insertInChunks(trx: Knex.Transaction, table: string, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_SIZE) {
    await trx(table).insert(rows.slice(i, i + CHUNK_SIZE));
  }
}

/** Takes the write lock before looking, so two processes seeding the same database cannot both see it empty. */
async function lockForSeeding(trx: Knex.Transaction, pg: boolean): Promise<void> {
  if (pg) {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
  } else {
    // SQLite: a (no-op) write takes the database's write lock, which waits (busy_timeout) for any other writer.
    await trx('live_questions').where('id', '<', 0).delete();
  }
}

async function hasContent(trx: Knex.Transaction): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const rows: unknown[] = await trx(table).select('id').limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

function insertedId(row: unknown): number {
  const id = typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row;
  return Number(id);
}

/** Seeds sample content when the database has none; never twice. Everything goes in one transaction. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const pg = isPostgres(db);
  return db.transaction(async (trx) => {
    await lockForSeeding(trx, pg);
    if (await hasContent(trx)) return false;

    const rows = buildSeedRows(new Date());
    await insertInChunks(trx, 'videos', rows.videos);
    await insertInChunks(trx, 'blog_posts', rows.blogPosts);
    await insertInChunks(trx, 'devotionals', rows.devotionals);
    for (const { stream, questions } of rows.liveStreams) {
      const [inserted] = await trx('live_streams').insert(stream).returning('id');
      const liveStreamId = insertedId(inserted);
      if (!Number.isInteger(liveStreamId) || liveStreamId <= 0) throw new Error('Seeding: no id returned for a live stream');
      await insertInChunks(
        trx,
        'live_questions',
        questions.map((q) => ({ ...q, live_stream_id: liveStreamId })),
      );
    }
    return true;
  });
}
