// Migration 020 folds accents in PostgreSQL's search, in the indexed text and in the typed words,
// as SQLite's FTS5 always did (docs/decisions/022-postgres-search-reads-the-newest-rows.md,
// "Accents"); on SQLite it does nothing. A database upgraded with posts and videos in it must
// find them by the folded words at once, by whole words and prefixes, in site search and on the
// desk, keep doing so for rows written and edited later, and search as before when it is undone.
import { afterEach, expect, test } from 'vitest';
import { isPostgres, migrate, type Db } from '#api/db';
import { migrationSourceFor } from '#api/migrations/index';
import { postsMatching, tokenize } from '#api/lib/full-text';
import { searchService } from '#api/modules/search/search.service';
import { insertBlogPost, insertVideo } from '../support/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

const typed = (word: string) => Array.from({ length: Array.from(word).length - 2 }, (_, i) => Array.from(word).slice(0, i + 3).join(''));

/** The posts the desk's search finds for `q`, in every state, by id. */
async function desk(db: Db, q: string): Promise<number[]> {
  const m = await postsMatching(db, tokenize(q), 'p');
  return (await db('blog_posts as p').whereRaw(m.sql, m.bindings).orderBy('p.id').pluck('p.id')) as number[];
}

test('when posts and videos were written before the upgrade, then the folded words find them, and the accented words the plain ones', async () => {
  database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const full = migrationSourceFor();
  await db.migrate.latest({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name < '020') } });
  const agape = await insertBlogPost(db, { title: 'Agapē', excerpt: 'Why Yahwéh keeps ḥesed', content: 'On réconciliation.', published_at: '2024-01-01T00:00:00.000Z' });
  const plain = await insertBlogPost(db, { title: 'Notes', excerpt: null, content: 'Resurrection, agape and hesed.', published_at: '2024-01-02T00:00:00.000Z' });
  const draft = await insertBlogPost(db, { title: 'Draft', status: 'draft', content: 'La résurrection.', published_at: '2024-01-03T00:00:00.000Z' });
  const video = await insertVideo(db, { title: 'Ḥesed and ʾemet', description: 'Exodus 34.', published_at: '2024-01-01T00:00:00.000Z' });

  await migrate(db);

  const search = searchService(db);
  const posts = async (q: string) => ({ q, found: (await search.search(q, 20)).blogPosts.map((p) => p.id) });
  // The title ranks first; both spellings find both posts.
  for (const q of ['agape', 'agapē', ...typed('agapē')]) expect(await posts(q)).toEqual({ q, found: [agape, plain] });
  for (const q of ['hesed', 'ḥesed', ...typed('ḥesed')]) expect(await posts(q)).toEqual({ q, found: [agape, plain] });
  expect(await posts('yahweh')).toEqual({ q: 'yahweh', found: [agape] });
  for (const q of typed('reconciliation')) expect(await posts(q)).toEqual({ q, found: [agape] });
  expect(await posts('Résurrec')).toEqual({ q: 'Résurrec', found: [plain] });
  expect((await search.search('hesed', 20)).videos.map((v) => v.id)).toEqual([video]);
  expect(await desk(db, 'Résurrec')).toEqual([plain, draft]);
  expect(await desk(db, 'agape hesed')).toEqual([agape, plain]);

  // A post written after the upgrade, and an edit, are folded too.
  const later = await insertBlogPost(db, { title: 'Hope', content: 'On théosis.', published_at: '2024-01-04T00:00:00.000Z' });
  await db('videos').where({ id: video }).update({ description: 'Šalom in Numbers 6.' });
  for (const q of typed('theosis')) expect(await posts(q)).toEqual({ q, found: [later] });
  expect((await search.search('salom', 20)).videos.map((v) => v.id)).toEqual([video]);

  if (isPostgres(db)) {
    // The words as written are listed folded, beside their stems.
    const words = (await db('search_words').select('word', 'lexeme')) as Array<{ word: string; lexeme: string }>;
    expect(words).toContainEqual({ word: 'reconciliation', lexeme: 'reconcili' });
    expect(words).toContainEqual({ word: 'theosis', lexeme: 'theosi' });
  }
});

test('when the upgrade is undone and done again, then posts written in between are found by the folded words too', async () => {
  database = await createTestDatabase();
  const { db } = database;
  const before = await insertBlogPost(db, { title: 'Agapē', content: 'Plain words.', published_at: '2024-01-01T00:00:00.000Z' });

  await db.migrate.down({ migrationSource: migrationSourceFor(), name: '020-search-folds-accents' });
  if (isPostgres(db)) {
    // As before the upgrade: the vector holds the accented word, which "agape" does not match.
    const found = (await db('blog_posts').whereRaw("search_vector @@ to_tsquery('english', 'agape')").pluck('id')) as number[];
    expect(found).toEqual([]);
  }
  const between = await insertBlogPost(db, { title: 'Notes', content: 'On ḥesed.', published_at: '2024-01-02T00:00:00.000Z' });

  await migrate(db);
  const search = searchService(db);
  expect((await search.search('agape', 20)).blogPosts.map((p) => p.id)).toEqual([before]);
  expect((await search.search('hesed', 20)).blogPosts.map((p) => p.id)).toEqual([between]);
  expect(await desk(db, 'hese')).toEqual([between]);
});
