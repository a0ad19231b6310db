// Migration 018 rewrites the posts' search columns on PostgreSQL (the words only, in the row, and
// a title-and-excerpt vector to rank by) and lists every indexed word for prefixes
// (modules/search/search.repo.ts); on SQLite it does nothing. A database upgraded with posts and
// videos in it must rank and find them as before, by whole words and by the start of a word, and
// keep finding words written or edited after the upgrade.
import { afterEach, expect, test } from 'vitest';
import { isPostgres, migrate } from '#api/db';
import { migrationSourceFor } from '#api/migrations/index';
import { postsMatching, tokenize, toTsQuery } from '#api/lib/full-text';
import { searchService } from '#api/modules/search/search.service';
import { insertBlogPost, insertVideo } from '../support/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

test('when posts and videos were written before the upgrade, then they are ranked title first and found by the start of a word, with words written later', async () => {
  database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const full = migrationSourceFor();
  await db.migrate.latest({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name < '018') } });
  const inBody = await insertBlogPost(db, { title: 'Sunday notes', excerpt: 'News', content: 'We spoke about predestination.', published_at: '2024-01-03T00:00:00.000Z' });
  const inTitle = await insertBlogPost(db, { title: 'Predestination', excerpt: 'A study', content: 'Why the cross matters.', published_at: '2024-01-01T00:00:00.000Z' });
  const inExcerpt = await insertBlogPost(db, { title: 'Weekly letter', excerpt: 'On predestination', content: 'Letters and news.', published_at: '2024-01-02T00:00:00.000Z' });
  const video = await insertVideo(db, { title: 'Eschatology', description: 'Premillennialism explained.', published_at: '2024-01-01T00:00:00.000Z' });

  await migrate(db);

  const search = searchService(db);
  expect((await search.search('predestination', 20)).blogPosts.map((p) => p.id)).toEqual([inTitle, inExcerpt, inBody]);
  expect((await search.search('predest', 20)).blogPosts.map((p) => p.id)).toEqual([inTitle, inExcerpt, inBody]);
  expect((await search.search('premillen', 20)).videos.map((v) => v.id)).toEqual([video]);

  // Words that come after the upgrade, in a new post and in an edited one, join the old ones.
  const later = await insertBlogPost(db, { title: 'Hope', content: 'Premillennial hope.', published_at: '2024-01-04T00:00:00.000Z' });
  await db('blog_posts').where({ id: inBody }).update({ content: 'We spoke about premillenarians.' });
  expect((await search.search('premillen', 20)).blogPosts.map((p) => p.id)).toEqual([later, inBody]);
  expect((await search.search('predestination', 20)).blogPosts.map((p) => p.id)).toEqual([inTitle, inExcerpt]);

  // The desk's search reads the same column (lib/full-text.ts).
  const m = await postsMatching(db, tokenize('premillen'), 'p');
  const desk = (await db('blog_posts as p').whereRaw(m.sql, m.bindings).orderBy('p.id').pluck('p.id')) as number[];
  expect(desk).toEqual([inBody, later].sort((a, b) => a - b));
});

test('when the upgrade is undone, then search finds and ranks posts as before it', async () => {
  database = await createTestDatabase();
  const { db } = database;
  const inTitle = await insertBlogPost(db, { title: 'Predestination', excerpt: 'A study', content: 'Why the cross matters.', published_at: '2024-01-01T00:00:00.000Z' });
  const inBody = await insertBlogPost(db, { title: 'Sunday notes', excerpt: 'News', content: 'We spoke about predestination.', published_at: '2024-01-03T00:00:00.000Z' });

  // Undone as a rollback undoes them, the later first: 019's search_queries() reads 018's list of
  // words. The column then answers the prefix query the desk asked before them.
  const full = migrationSourceFor();
  await db.migrate.down({ migrationSource: full, name: '019-search-surface-words' });
  await db.migrate.down({ migrationSource: full, name: '018-inline-search-lexemes' });
  const tokens = tokenize('predest');
  const m = isPostgres(db) ? { sql: "p.search_vector @@ to_tsquery('english', ?)", bindings: [toTsQuery(tokens)] } : await postsMatching(db, tokens, 'p');
  expect((await db('blog_posts as p').whereRaw(m.sql, m.bindings).orderBy('p.id').pluck('p.id')) as number[]).toEqual([inTitle, inBody]);

  await migrate(db);
  expect((await searchService(db).search('predest', 20)).blogPosts.map((p) => p.id)).toEqual([inTitle, inBody]);
});
