import type { Knex } from 'knex';

// PostgreSQL only: the search columns laid out for the way site search reads them
// (modules/search/search.repo.ts, pgSearch; why, in
// docs/decisions/022-postgres-search-reads-the-newest-rows.md), and the list of indexed words that
// SQLite has had since migration 017. Nothing to do on SQLite.
//
// - blog_posts.search_vector becomes the post's words only (strip(): no positions, no weights),
//   kept in the row (storage MAIN). Migration 002's vector, with positions, was ~2.2 kB a post:
//   over the 2 kB at which PostgreSQL moves a value out of the row, so checking the newest posts
//   one by one read each vector from the TOAST table (~3.5 µs a row, most of a search's time).
//   Without positions it is ~1.4 kB and stays in the row; `@@` needs only the words. Same name,
//   same GIN index, so the desk's search (lib/full-text.ts) is unchanged.
// - blog_posts.search_rank: title (weight A) and excerpt (B) with positions, ~0.3 kB, for
//   ts_rank_cd over the matches. A match only in the body ranks 0 and falls to recency, as on
//   SQLite (search.repo.ts, BLOG_RANKING). Videos keep migration 002's weighted vector: ~0.6 kB,
//   in the row already; it ranks title A, description B.
// - title, excerpt and search_rank are kept in the row too (MAIN): a row over 2 kB has its
//   other columns moved to TOAST, largest first, until it fits, and with the words in the row
//   that would have been all of them; ranking 200 matches then read 468 TOAST pages. The body
//   (content) is what goes. The rows grow to ~2.4 kB, three to a page.
// - Both vectors (posts and videos) also hold one recency word: '~' and the row's id divided by
//   1024 (id >> 10), the same for 1 024 consecutive ids. GIN yields matches in no useful order;
//   "these words and one of the newest recency words" lets the index itself keep to the newest
//   rows, so a query does not visit every one of a common word's thousands of matches to find the
//   newest. No typed word can match one: the words of a query are letters and digits
//   (lib/full-text.ts), and a prefix of letters or digits starts no word that begins with '~'.
// - search_terms: every word of both vectors (not the recency words), kept by triggers, so a
//   typed prefix can be spelled out as the words it starts. GIN answers a prefix by merging the
//   postings of every word it starts into a bitmap before intersecting; exact words are
//   intersected with skips instead. Words of deleted or edited rows stay, as on SQLite: a word no
//   row holds costs an empty lookup.

const RECENCY = `array_to_tsvector(ARRAY['~' || (id >> 10)::text])`;

const postsVectorV2 = `setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(content, '')), 'C')`;
const videosVector = `setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'B')`;

const sources = [
  { table: 'blog_posts', columns: ['title', 'excerpt', 'content'] },
  { table: 'videos', columns: ['title', 'description'] },
];

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // Dropping a column drops its index too. Added and stored in one statement, so each table is
  // rewritten once, every row laid out by the new storage settings.
  await knex.raw('ALTER TABLE blog_posts DROP COLUMN search_vector');
  await knex.raw(`ALTER TABLE blog_posts
    ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (strip(
      to_tsvector('english', coalesce(title, '')) ||
      to_tsvector('english', coalesce(excerpt, '')) ||
      to_tsvector('english', coalesce(content, ''))) || ${RECENCY}) STORED,
    ALTER COLUMN search_vector SET STORAGE MAIN,
    ADD COLUMN search_rank tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(excerpt, '')), 'B')) STORED,
    ALTER COLUMN search_rank SET STORAGE MAIN,
    ALTER COLUMN title SET STORAGE MAIN,
    ALTER COLUMN excerpt SET STORAGE MAIN`);
  await knex.raw('CREATE INDEX blog_posts_search_idx ON blog_posts USING GIN (search_vector)');
  await knex.raw('ALTER TABLE videos DROP COLUMN search_vector');
  await knex.raw(`ALTER TABLE videos ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${videosVector} || ${RECENCY}) STORED`);
  await knex.raw('CREATE INDEX videos_search_idx ON videos USING GIN (search_vector)');

  // "C" collation: the words sort byte by byte, so a prefix is a range of the primary key.
  await knex.raw('CREATE TABLE search_terms (term text COLLATE "C" PRIMARY KEY)');
  // In sorted order, so that two writers adding the same new words take their locks in the same order.
  await knex.raw(`CREATE FUNCTION search_terms_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
        WHERE w NOT LIKE '~%' ORDER BY w
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE FUNCTION search_terms_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w
        WHERE w NOT LIKE '~%' ORDER BY w
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  for (const { table, columns } of sources) {
    // Inserts once per statement (the bench and imports write 500 rows at a time); edits per row,
    // and only when the text changes: a view count going up adds nothing.
    await knex.raw(`CREATE TRIGGER ${table}_terms_ai AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_add_rows()`);
    await knex.raw(`CREATE TRIGGER ${table}_terms_au AFTER UPDATE OF ${columns.join(', ')} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION search_terms_add_row()`);
  }
  await knex.raw(`INSERT INTO search_terms (term)
    SELECT w FROM (
      SELECT w FROM blog_posts, unnest(tsvector_to_array(search_vector)) AS w
      UNION SELECT w FROM videos, unnest(tsvector_to_array(search_vector)) AS w
    ) words WHERE w NOT LIKE '~%'
    ON CONFLICT DO NOTHING`);
  // The planner's statistics of the new columns, rather than none until autovacuum comes by.
  await knex.raw('ANALYZE blog_posts');
  await knex.raw('ANALYZE videos');
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  for (const { table } of sources) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_terms_ai ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_terms_au ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS search_terms_add_rows()');
  await knex.raw('DROP FUNCTION IF EXISTS search_terms_add_row()');
  await knex.raw('DROP TABLE IF EXISTS search_terms');
  await knex.raw('ALTER TABLE blog_posts DROP COLUMN IF EXISTS search_rank');
  await knex.raw('ALTER TABLE blog_posts DROP COLUMN IF EXISTS search_vector');
  await knex.raw(`ALTER TABLE blog_posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${postsVectorV2}) STORED,
    ALTER COLUMN title SET STORAGE EXTENDED, ALTER COLUMN excerpt SET STORAGE EXTENDED`);
  await knex.raw('CREATE INDEX blog_posts_search_idx ON blog_posts USING GIN (search_vector)');
  await knex.raw('ALTER TABLE videos DROP COLUMN IF EXISTS search_vector');
  await knex.raw(`ALTER TABLE videos ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${videosVector}) STORED`);
  await knex.raw('CREATE INDEX videos_search_idx ON videos USING GIN (search_vector)');
}
