// Migration 019 lists, on PostgreSQL, the words of the searchable text as written beside their
// stems, so that a typed prefix longer than a word's stem still finds it
// (modules/search/search.repo.ts, pgSearch); on SQLite it does nothing. A database upgraded with
// posts and videos in it must find them at every prefix at once, keep the list as rows are
// written and edited, and search as before when the upgrade is undone.
import { afterEach, expect, test } from 'vitest';
import { isPostgres, migrate } from '#api/db';
import { migrationSourceFor } from '#api/migrations/index';
import { searchService } from '#api/modules/search/search.service';
import { insertBlogPost, insertVideo } from '../support/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

const typed = (word: string) => Array.from({ length: word.length - 2 }, (_, i) => word.slice(0, i + 3));

test('when posts and videos were written before the upgrade, then every prefix of their words finds them, and words written later too', async () => {
  database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const full = migrationSourceFor();
  await db.migrate.latest({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name < '019') } });
  const inTitle = await insertBlogPost(db, { title: 'The atonement', excerpt: 'A study', content: 'Why the cross matters.', published_at: '2024-01-01T00:00:00.000Z' });
  const inBody = await insertBlogPost(db, { title: 'Sunday notes', excerpt: null, content: 'We spoke about the atonement and justification.', published_at: '2024-01-02T00:00:00.000Z' });
  const video = await insertVideo(db, { title: 'Covenantal theology', description: 'Sanctification explained.', published_at: '2024-01-01T00:00:00.000Z' });

  await migrate(db);

  const search = searchService(db);
  for (const prefix of typed('atonement')) expect({ prefix, found: (await search.search(prefix, 20)).blogPosts.map((p) => p.id) }).toEqual({ prefix, found: [inTitle, inBody] });
  for (const prefix of typed('justification')) expect({ prefix, found: (await search.search(prefix, 20)).blogPosts.map((p) => p.id) }).toEqual({ prefix, found: [inBody] });
  for (const prefix of [...typed('covenantal'), ...typed('sanctification')]) {
    expect({ prefix, found: (await search.search(prefix, 20)).videos.map((v) => v.id) }).toEqual({ prefix, found: [video] });
  }

  // A post written after the upgrade, and an edit, bring their words in.
  const later = await insertBlogPost(db, { title: 'Hope', content: 'On teachings of old.', published_at: '2024-01-03T00:00:00.000Z' });
  await db('videos').where({ id: video }).update({ description: 'Studying the prophets.' });
  for (const prefix of typed('teachings')) expect({ prefix, found: (await search.search(prefix, 20)).blogPosts.map((p) => p.id) }).toEqual({ prefix, found: [later] });
  for (const prefix of typed('studying')) expect({ prefix, found: (await search.search(prefix, 20)).videos.map((v) => v.id) }).toEqual({ prefix, found: [video] });
  expect((await search.search('sanctifi', 20)).videos).toEqual([]);

  if (isPostgres(db)) {
    // Only the words whose stem differs from them are listed; stop words and hyphenated words are not.
    const words = (await db('search_words').orderBy('word').select('word', 'lexeme')) as Array<{ word: string; lexeme: string }>;
    expect(words).toContainEqual({ word: 'atonement', lexeme: 'aton' });
    expect(words).toContainEqual({ word: 'studying', lexeme: 'studi' });
    expect(words.map((w) => w.word)).not.toContain('the');
    expect(words.map((w) => w.word)).not.toContain('cross');
  }
});

test('when the upgrade is undone and done again, then posts written in between are found by every prefix too', async () => {
  database = await createTestDatabase();
  const { db } = database;
  const inTitle = await insertBlogPost(db, { title: 'The atonement', content: 'Why the cross matters.', published_at: '2024-01-01T00:00:00.000Z' });
  const inBody = await insertBlogPost(db, { title: 'Sunday notes', content: 'On the atonement.', published_at: '2024-01-03T00:00:00.000Z' });

  await db.migrate.down({ migrationSource: migrationSourceFor(), name: '019-search-surface-words' });
  expect(await db.schema.hasTable('search_words')).toBe(false);
  // Posts can still be written without the list, and are listed when it comes back.
  const between = await insertBlogPost(db, { title: 'Justification', content: 'By faith.', published_at: '2024-01-04T00:00:00.000Z' });

  await migrate(db);
  const search = searchService(db);
  expect((await search.search('atonem', 20)).blogPosts.map((p) => p.id)).toEqual([inTitle, inBody]);
  expect((await search.search('justifica', 20)).blogPosts.map((p) => p.id)).toEqual([between]);
});
