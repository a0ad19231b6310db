import type { Knex } from 'knex';

// Full-text search: FTS5 on SQLite (external-content tables kept in step by triggers),
// a weighted tsvector with a GIN index on PostgreSQL. Titles weigh more than bodies.

const sqliteTables = [
  { table: 'videos', fts: 'videos_fts', columns: ['title', 'description'] },
  { table: 'blog_posts', fts: 'blog_posts_fts', columns: ['title', 'excerpt', 'content'] },
];

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`ALTER TABLE videos ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED`);
    await knex.raw('CREATE INDEX videos_search_idx ON videos USING GIN (search_vector)');
    await knex.raw(`ALTER TABLE blog_posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(content, '')), 'C')) STORED`);
    await knex.raw('CREATE INDEX blog_posts_search_idx ON blog_posts USING GIN (search_vector)');
    return;
  }
  for (const { table, fts, columns } of sqliteTables) {
    const cols = columns.join(', ');
    const newCols = columns.map((c) => `new.${c}`).join(', ');
    const oldCols = columns.map((c) => `old.${c}`).join(', ');
    await knex.raw(
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4')`,
    );
    await knex.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newCols}); END`);
    await knex.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols}); END`);
    await knex.raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${cols} ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});
      INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newCols}); END`);
    await knex.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw('ALTER TABLE videos DROP COLUMN IF EXISTS search_vector');
    await knex.raw('ALTER TABLE blog_posts DROP COLUMN IF EXISTS search_vector');
    return;
  }
  for (const { fts } of sqliteTables) {
    for (const suffix of ['ai', 'ad', 'au']) await knex.raw(`DROP TRIGGER IF EXISTS ${fts}_${suffix}`);
    await knex.raw(`DROP TABLE IF EXISTS ${fts}`);
  }
}
