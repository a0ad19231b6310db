import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '#contract/common';
import { toBool, toIso, toNumber } from '#api/lib/convert';
import { createDb, migrate, type Db } from '#api/db';
import { seedIfEmpty } from './index';

interface Target {
  name: string;
  open: () => Promise<{ db: Db; drop: () => Promise<void> }>;
}

const sqlite: Target = {
  name: 'sqlite',
  open: async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-seeds-'));
    const db = createDb({ client: 'sqlite', filename: path.join(dir, 'seeds.sqlite') });
    await migrate(db);
    return {
      db,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

// With a PostgreSQL server at hand (TEST_DATABASE_URL, an admin connection), the same checks run there too.
const adminUrl = process.env.TEST_DATABASE_URL;
const postgres: Target | null = adminUrl
  ? {
      name: 'postgres',
      open: async () => {
        const name = `cik_seeds_${crypto.randomBytes(6).toString('hex')}`;
        const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
        await admin.raw(`CREATE DATABASE ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const db = createDb({ client: 'pg', connectionString: url.toString() });
        await migrate(db);
        return {
          db,
          drop: async () => {
            await db.destroy();
            await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await admin.destroy();
          },
        };
      },
    }
  : null;

const CONTENT_TABLES = ['videos', 'blog_posts', 'devotionals', 'live_streams', 'live_questions'] as const;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

async function countRows(db: Db, table: string): Promise<number> {
  const row = await db(table).count<{ n: number | string }[]>({ n: '*' }).first();
  return toNumber(row?.n);
}

async function allCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [...CONTENT_TABLES, 'users']) out[table] = await countRows(db, table);
  return out;
}

describe.each([sqlite, ...(postgres ? [postgres] : [])])('seedIfEmpty on $name', (target) => {
  let db: Db;
  let drop: () => Promise<void>;
  let before: number;
  let after: number;
  let firstRun: boolean;

  beforeAll(async () => {
    ({ db, drop } = await target.open());
    before = Date.now();
    firstRun = await seedIfEmpty(db);
    after = Date.now();
  }, 60_000);

  afterAll(async () => {
    await drop?.();
  });

  it('seeds a fresh database and reports it', () => {
    expect(firstRun).toBe(true);
  });

  it('seeds no users', async () => {
    expect(await countRows(db, 'users')).toBe(0);
  });

  describe('videos', () => {
    let rows: any[];
    beforeAll(async () => {
      rows = await db('videos').select('*');
    });

    it('has at least 24 over all six categories, at least 6 shorts', () => {
      expect(rows.length).toBeGreaterThanOrEqual(24);
      expect(new Set(rows.map((r) => r.category))).toEqual(new Set(categories));
      const shorts = rows.filter((r) => toBool(r.is_short));
      expect(shorts.length).toBeGreaterThanOrEqual(6);
      for (const s of shorts) expect(s.duration, s.title).toMatch(/^0:[0-5]\d$/);
      for (const v of rows.filter((r) => !toBool(r.is_short))) expect(v.duration, v.title).toMatch(/^(?:\d+:[0-5]\d:[0-5]\d|[1-5]?\d:[0-5]\d)$/);
    });

    it('has well-formed, unique YouTube ids', () => {
      for (const r of rows) expect(r.youtube_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(new Set(rows.map((r) => r.youtube_id)).size).toBe(rows.length);
    });

    it('has exactly one featured video, full-length', () => {
      const featured = rows.filter((r) => toBool(r.featured));
      expect(featured).toHaveLength(1);
      expect(toBool(featured[0].is_short)).toBe(false);
    });

    it('has varied views with two clear leaders, and titles and descriptions', () => {
      const views = rows.map((r) => toNumber(r.views)).sort((a, b) => b - a);
      expect(views.at(-1)).toBeLessThan(1000);
      expect(views[0]).toBeGreaterThanOrEqual(100_000);
      expect(views[1]!).toBeGreaterThan(2 * views[2]!);
      const popular = [...rows].sort((a, b) => toNumber(b.views) - toNumber(a.views)).slice(0, 2);
      for (const p of popular) expect(toBool(p.is_short)).toBe(false);
      for (const r of rows) {
        expect(r.title.length).toBeGreaterThan(5);
        expect(r.description.length).toBeGreaterThan(40);
      }
    });

    it('were published over the last two years, in the past', () => {
      const times = rows.map((r) => Date.parse(toIso(r.published_at)));
      for (const t of times) {
        expect(t).toBeLessThanOrEqual(after);
        expect(t).toBeGreaterThan(before - 731 * 86_400_000);
      }
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(365 * 86_400_000);
    });
  });

  describe('blog posts', () => {
    let rows: any[];
    beforeAll(async () => {
      rows = await db('blog_posts').select('*');
    });

    it('has at least 24 over all six categories, at least 2 in each', () => {
      expect(rows.length).toBeGreaterThanOrEqual(24);
      for (const c of categories) expect(rows.filter((r) => r.category === c).length, c).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    });

    it('has Markdown bodies with a heading, a referenced blockquote and a list', () => {
      for (const r of rows) {
        const body: string = r.content;
        expect(body, r.title).toMatch(/^## \S/m);
        expect(body, r.title).toMatch(/^> \S/m);
        expect(body, r.title).toMatch(/^> — (?:[1-3] )?[A-Z][A-Za-z ]+ \d+:\d+(?:-\d+)?$/m);
        expect(body, r.title).toMatch(/^(?:[-*]|\d+\.) \S/m);
        expect(body, r.title).not.toMatch(/lorem ipsum/i);
        expect(body.split(/\n\s*\n/).length, r.title).toBeGreaterThanOrEqual(5);
      }
    });

    it('stores read_time = max(1, ceil(words / 200))', () => {
      for (const r of rows) expect(toNumber(r.read_time), r.title).toBe(Math.max(1, Math.ceil(words(r.content) / 200)));
    });

    it('keeps full articles between 300 and 1200 words', () => {
      for (const r of rows.filter((p) => !toBool(p.is_external))) {
        const n = words(r.content);
        expect(n, r.title).toBeGreaterThanOrEqual(300);
        expect(n, r.title).toBeLessThanOrEqual(1200);
      }
    });

    it('has 3-4 external posts with Substack urls and teasers', () => {
      const external = rows.filter((r) => toBool(r.is_external));
      expect(external.length).toBeGreaterThanOrEqual(3);
      expect(external.length).toBeLessThanOrEqual(4);
      for (const r of external) {
        expect(r.substack_url).toMatch(/^https:\/\/contextiskey\.substack\.com\/p\/[a-z0-9-]+$/);
        expect(words(r.content)).toBeGreaterThan(40);
      }
      for (const r of rows.filter((p) => !toBool(p.is_external))) expect(r.substack_url).toBeNull();
    });

    it('has exactly one featured post, not external; excerpts; no thumbnails', () => {
      const featured = rows.filter((r) => toBool(r.featured));
      expect(featured).toHaveLength(1);
      expect(toBool(featured[0].is_external)).toBe(false);
      for (const r of rows) {
        expect(r.thumbnail_url).toBeNull();
        expect(r.author_id).toBeNull();
        expect(r.excerpt.length).toBeGreaterThan(40);
        expect(r.excerpt.length).toBeLessThan(300);
      }
    });

    it('has varied views and dates over two years', () => {
      const views = rows.map((r) => toNumber(r.views));
      expect(Math.max(...views)).toBeGreaterThan(10 * Math.min(...views));
      const times = rows.map((r) => Date.parse(toIso(r.published_at)));
      for (const t of times) expect(t).toBeLessThanOrEqual(after);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(365 * 86_400_000);
      expect(Math.min(...times)).toBeGreaterThan(before - 731 * 86_400_000);
    });
  });

  describe('devotionals', () => {
    it('has 60 undated devotionals with verse, reference and a 120-250 word reflection', async () => {
      const rows = await db('devotionals').select('*');
      expect(rows).toHaveLength(60);
      expect(new Set(rows.map((r) => r.title)).size).toBe(60);
      expect(new Set(rows.map((r) => r.verse_reference)).size).toBe(60);
      for (const r of rows) {
        expect(r.date).toBeNull();
        expect(r.verse_reference, r.title).toMatch(/^(?:[1-3] )?[A-Z][A-Za-z ]+ \d+:\d+(?:-\d+)?$/);
        expect(words(r.verse_text), r.title).toBeGreaterThanOrEqual(5);
        const n = words(r.content);
        expect(n, r.title).toBeGreaterThanOrEqual(120);
        expect(n, r.title).toBeLessThanOrEqual(250);
        expect(Number.isNaN(Date.parse(toIso(r.created_at)))).toBe(false);
      }
    });
  });

  describe('live', () => {
    it('has one live stream with 4-6 questions, some answered, one highlighted', async () => {
      const live = await db('live_streams').where({ is_live: true });
      expect(live).toHaveLength(1);
      const stream = live[0];
      expect(toNumber(stream.viewer_count)).toBeGreaterThanOrEqual(100);
      expect(toNumber(stream.viewer_count)).toBeLessThanOrEqual(400);
      expect(stream.description.length).toBeGreaterThan(20);
      const scheduled = Date.parse(toIso(stream.scheduled_for));
      expect(scheduled).toBeGreaterThanOrEqual(before - 1000);
      expect(scheduled).toBeLessThanOrEqual(after + 1000);

      const questions = await db('live_questions').where({ live_stream_id: stream.id });
      expect(questions.length).toBeGreaterThanOrEqual(4);
      expect(questions.length).toBeLessThanOrEqual(6);
      expect(questions.filter((q) => toBool(q.is_highlighted))).toHaveLength(1);
      expect(questions.some((q) => toBool(q.is_answered))).toBe(true);
      expect(questions.some((q) => !toBool(q.is_answered))).toBe(true);
      for (const q of questions) {
        expect(q.asked_by).toMatch(/^[A-Z][a-z]+$/);
        expect(Date.parse(toIso(q.created_at))).toBeLessThanOrEqual(after);
      }
      expect(await countRows(db, 'live_questions')).toBe(questions.length);
    });

    it('has upcoming streams 2, 9 and 16 days after seeding', async () => {
      const upcoming = await db('live_streams').where({ is_live: false }).orderBy('scheduled_for');
      expect(upcoming.length).toBeGreaterThanOrEqual(3);
      const inDays = upcoming.map((s) => (Date.parse(toIso(s.scheduled_for)) - before) / 86_400_000);
      for (const d of inDays) expect(d).toBeGreaterThan(0);
      for (const expected of [2, 9, 16]) expect(inDays.some((d) => d >= expected - 0.01 && d < expected + 1 / 24 + 0.01)).toBe(true);
    });
  });

  it('does nothing the second time', async () => {
    const counts = await allCounts(db);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await allCounts(db)).toEqual(counts);
  });

  it('does nothing when only one content table has rows', async () => {
    const other = await target.open();
    try {
      await other.db('live_streams').insert({ title: 'Existing', is_live: false, viewer_count: 0, scheduled_for: new Date().toISOString() });
      expect(await seedIfEmpty(other.db)).toBe(false);
      expect(await allCounts(other.db)).toEqual({ videos: 0, blog_posts: 0, devotionals: 0, live_streams: 1, live_questions: 0, users: 0 });
    } finally {
      await other.drop();
    }
  }, 60_000);

  it('seeds once when two seeders race', async () => {
    const other = await target.open();
    try {
      const results = await Promise.all([seedIfEmpty(other.db), seedIfEmpty(other.db)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await countRows(other.db, 'devotionals')).toBe(60);
    } finally {
      await other.drop();
    }
  }, 60_000);
});
