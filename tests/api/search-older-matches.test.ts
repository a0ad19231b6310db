// Site search ranks the newest matches of a query (modules/search/search.repo.ts). On PostgreSQL
// the newest 1,000 posts are checked one by one first; when they hold too few matches, the index
// answers for the newer posts where a page of matches is expected, or for all of them, with
// prefixes spelled out as the words of the index they start (migration 018). Whichever way a word
// is found, a word that is rare among the newest posts but common in older ones still fills the
// page, best first.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { searchService } from '#api/modules/search/search.service';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  await database.db('blog_posts').delete();
});

const BASE = Date.UTC(2023, 0, 1);

/** Posts 0..count-1, oldest first, each published a minute after the one before; `text(i)` gives title and body. */
async function insertPosts(count: number, text: (i: number) => { title?: string; content?: string }): Promise<number[]> {
  const ids: number[] = [];
  for (let first = 0; first < count; first += 500) {
    const rows = [];
    for (let i = first; i < Math.min(count, first + 500); i++) {
      const t = text(i);
      rows.push({
        title: t.title ?? `Letter ${i}`,
        content: t.content ?? 'Plain words about daily life.',
        excerpt: null,
        category: 'theology',
        read_time: 3,
        views: 0,
        published_at: new Date(BASE + i * 60_000).toISOString(),
        featured: false,
        is_external: false,
      });
    }
    const inserted = (await database.db('blog_posts').insert(rows).returning('id')) as Array<{ id: number } | number>;
    ids.push(...inserted.map((r) => (typeof r === 'object' ? r.id : r)));
  }
  // SQLite's returning() of a multi-row insert is in order; PostgreSQL's too. Sorted all the same.
  return ids.sort((a, b) => a - b);
}

const found = async (q: string) => (await searchService(database.db).search(q, 20)).blogPosts.map((p) => p.id);
const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

describe('site search over more than a thousand posts', () => {
  test('when the newest 1,000 posts hold a dozen matches and older ones many more, then the page is full: the title match, then the bodies newest first', async () => {
    // 100 old posts speak of predestination in the body, one of them in its title too; of the 1,000 newer, every 80th does.
    const ids = await insertPosts(1100, (i) => {
      if (i === 10) return { title: 'Predestination explained', content: 'On predestination.' };
      if (i < 100) return { content: `A word on predestination, number ${i}.` };
      if (i % 80 === 0) return { content: `Recent thoughts on predestination, ${i}.` };
      return {};
    });
    const recent = ids.filter((_, i) => i >= 100 && i % 80 === 0);
    expect(recent).toHaveLength(12);
    const older = ids.filter((_, i) => i < 100 && i !== 10);

    const expected = [ids[10]!, ...newestFirst(recent), ...newestFirst(older).slice(0, 7)];
    expect(await found('predestination')).toEqual(expected);
    expect(await found('predest')).toEqual(expected);
  });

  test('when the newest 1,000 posts hold a few matches and older ones many more, then the page is full and a prefix finds every word it starts', async () => {
    // Older posts alternate "theology" and "theologian"; three of the newer 1,000 say "theological".
    const ids = await insertPosts(1100, (i) => {
      if (i < 100) return { content: i % 2 === 0 ? `On theology, ${i}.` : `A theologian wrote, ${i}.` };
      if (i === 400 || i === 700 || i === 1000) return { content: `A theological turn, ${i}.` };
      return {};
    });
    const recent = [ids[1000]!, ids[700]!, ids[400]!];
    const older = newestFirst(ids.slice(0, 100));

    expect(await found('theolog')).toEqual([...recent, ...older.slice(0, 17)]);
    // Two words, both required: the older posts with "theologian" (every title says "Letter").
    const theologians = newestFirst(ids.filter((_, i) => i < 100 && i % 2 === 1));
    expect(await found('theologian letter')).toEqual(theologians.slice(0, 20));
  });

  test('when the newest matches are few and the older ones thousands of posts further back, then the older ones still fill the page', async () => {
    // 30 old posts, then 9,000 without the word, the last 1,000 of which hold 5 matches.
    const ids = await insertPosts(9030, (i) => (i < 30 || (i >= 8100 && i % 200 === 0) ? { content: `Eschatology, ${i}.` } : {}));
    const recent = newestFirst(ids.filter((_, i) => i >= 8100 && i % 200 === 0));
    expect(recent).toHaveLength(5);
    expect(await found('eschatology')).toEqual([...recent, ...newestFirst(ids.slice(0, 30)).slice(0, 15)]);
  });

  test('when a word is in a few of the newest 1,000 of 30,000 posts and in more just before them, then the page holds the newest matches', async () => {
    // 15 matches in the newest 1,000, 10 in the 1,000 before, 100 in the oldest posts.
    const ids = await insertPosts(30_000, (i) =>
      (i >= 29_000 && i % 66 === 0) || (i >= 28_000 && i < 29_000 && i % 100 === 0) || i < 100 ? { content: `Sanctification, ${i}.` } : {},
    );
    const matching = ids.filter((_, i) => (i >= 29_000 && i % 66 === 0) || (i >= 28_000 && i < 29_000 && i % 100 === 0));
    expect(matching).toHaveLength(25);
    expect(await found('sanctification')).toEqual(newestFirst(matching).slice(0, 20));
  }, 60_000);

  test('when a word is in none of the newest 1,000 posts, then the older matches are found, newest first', async () => {
    const ids = await insertPosts(1030, (i) => (i < 30 ? { content: `Melchizedek, ${i}.` } : {}));
    expect(await found('melchi')).toEqual(newestFirst(ids.slice(0, 30)).slice(0, 20));
    expect(await found('melchizedekian')).toEqual([]);
  });
});
