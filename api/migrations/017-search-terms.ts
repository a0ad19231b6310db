import type { Knex } from 'knex';

// SQLite: every word the search indexes of migration 002 hold, in a plain table, so that site
// search can turn a typed prefix into the words it starts (modules/search). FTS5 answers a prefix
// it has no prefix index for (only 2-4 characters have one) by merging the postings of every
// word the prefix starts, over all rows, before it yields the first match; for a common word
// that is most of the cost of a search. The same words as exact terms are read newest first and
// stop at the page. fts5vocab lists the words too, but counts each word's postings on the way.
//
// Triggers keep the table complete as rows are written: the new text goes through a contentless
// FTS5 table with the same tokenizer, its vocabulary is added, and it is emptied again. Words of
// deleted or edited rows stay; one that no row holds any more only costs an empty lookup.
// PostgreSQL needs none of this: its GIN index matches a prefix within its sorted entries.

const sources = [
  { table: 'blog_posts', fts: 'blog_posts_fts', columns: ['title', 'excerpt', 'content'] },
  { table: 'videos', fts: 'videos_fts', columns: ['title', 'description'] },
];

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') return;
  await knex.raw('CREATE TABLE search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID');
  await knex.raw(
    "CREATE VIRTUAL TABLE search_terms_scratch USING fts5(text, content='', tokenize='unicode61 remove_diacritics 2', detail=none)",
  );
  await knex.raw("CREATE VIRTUAL TABLE search_terms_scratch_vocab USING fts5vocab(search_terms_scratch, 'row')");
  for (const { table, fts, columns } of sources) {
    const text = columns.map((c) => `coalesce(new.${c}, '')`).join(" || ' ' || ");
    const body = `INSERT INTO search_terms_scratch(rowid, text) VALUES (1, ${text});
      INSERT OR IGNORE INTO search_terms(term) SELECT term FROM search_terms_scratch_vocab;
      INSERT INTO search_terms_scratch(search_terms_scratch) VALUES ('delete-all');`;
    await knex.raw(`CREATE TRIGGER ${table}_terms_ai AFTER INSERT ON ${table} BEGIN ${body} END`);
    await knex.raw(`CREATE TRIGGER ${table}_terms_au AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN ${body} END`);
    // The words already indexed, read once from the index itself.
    await knex.raw(`CREATE VIRTUAL TABLE temp.${fts}_vocab USING fts5vocab(main, ${fts}, 'row')`);
    await knex.raw(`INSERT OR IGNORE INTO search_terms(term) SELECT term FROM temp.${fts}_vocab`);
    await knex.raw(`DROP TABLE temp.${fts}_vocab`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') return;
  for (const { table } of sources) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_terms_ai`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_terms_au`);
  }
  await knex.raw('DROP TABLE IF EXISTS search_terms_scratch_vocab');
  await knex.raw('DROP TABLE IF EXISTS search_terms_scratch');
  await knex.raw('DROP TABLE IF EXISTS search_terms');
}
