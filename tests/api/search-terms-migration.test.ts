// Site search spells a long prefix out as the words of the index it starts, from the list
// migration 017 keeps on SQLite (modules/search/search.repo.ts). A database upgraded with posts
// and videos already in it must find them by the start of a word at once, not only the rows
// written after the upgrade.
import { afterEach, expect, test } from 'vitest';
import { migrate } from '#api/db';
import { migrationSourceFor } from '#api/migrations/index';
import { searchService } from '#api/modules/search/search.service';
import { insertBlogPost, insertVideo } from '../support/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

test('when posts and videos were written before the word list existed, then a long prefix finds them after the upgrade', async () => {
  database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const full = migrationSourceFor();
  await db.migrate.latest({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name < '017') } });
  const post = await insertBlogPost(db, { title: 'Sanctified lives', content: 'On being sanctified.', published_at: '2024-01-01T00:00:00.000Z' });
  const video = await insertVideo(db, { title: 'Eschatology', description: 'Premillennialism explained.', published_at: '2024-01-01T00:00:00.000Z' });

  await migrate(db);

  const search = searchService(db);
  expect((await search.search('sanctif', 20)).blogPosts.map((p) => p.id)).toEqual([post]);
  expect((await search.search('premillen', 20)).videos.map((v) => v.id)).toEqual([video]);
  // Rows written after the upgrade bring other words of the same start; the old rows' words still count.
  const later = await insertBlogPost(db, { title: 'Hope', content: 'Sanctification by grace.', published_at: '2024-01-02T00:00:00.000Z' });
  const laterVideo = await insertVideo(db, { title: 'Premillennial views', published_at: '2024-01-02T00:00:00.000Z' });
  expect((await search.search('sanctif', 20)).blogPosts.map((p) => p.id)).toEqual([post, later]);
  expect((await search.search('premillen', 20)).videos.map((v) => v.id)).toEqual([laterVideo, video]);
});
