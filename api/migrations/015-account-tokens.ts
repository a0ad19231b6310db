import type { Knex } from 'knex';

/**
 * The reader's account (docs/product.md#the-readers-account, docs/decisions/018):
 * - `account_tokens`: one row per mailed link (a password reset, an email change's confirmation),
 *   holding the token's sha256 only, when it expires and when it was used (milliseconds since the
 *   epoch, as in `outgoing_mail`); an email change keeps the new address with it;
 * - `sessions.user_id`: whose session a row is (the store writes it from the session's userId), so
 *   a reset, a change of password or a deletion ends that user's sessions with one DELETE. Rows
 *   from before are filled from their JSON;
 * - `uploaded_objects.user_id` may be null, and is set null when the account goes: a picture a post
 *   shows (`post_objects`, which refuses to lose it) outlives the editor who uploaded it. SQLite
 *   cannot change a column's constraints in place, so the table is rebuilt from its own stored
 *   definition, with foreign keys off (outside a transaction: SQLite ignores the pragma inside one).
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.transaction(async (trx) => {
    await trx.schema.createTable('account_tokens', (t) => {
      t.increments('id').primary();
      t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
      t.string('purpose', 20).notNullable(); // 'reset-password' | 'confirm-email'
      t.string('token_hash', 64).notNullable().unique();
      t.string('email', 254);
      t.bigInteger('expires_at').notNullable();
      t.bigInteger('used_at');
      t.bigInteger('created_at').notNullable();
      t.index(['user_id', 'purpose']);
    });
    await trx.schema.alterTable('sessions', (t) => {
      t.integer('user_id').index();
    });
    const rows: Array<{ id: string; data: string }> = await trx('sessions').where('data', 'like', '%"userId":%').select('id', 'data');
    for (const row of rows) {
      let userId: unknown;
      try {
        userId = (JSON.parse(row.data) as { userId?: unknown }).userId;
      } catch {
        continue;
      }
      if (typeof userId === 'number') await trx('sessions').where({ id: row.id }).update({ user_id: userId });
    }
    if (pg) {
      await trx.raw('ALTER TABLE uploaded_objects ALTER COLUMN user_id DROP NOT NULL');
      await trx.raw('ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_user_id_foreign');
      await trx.raw('ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL');
    }
  });
  if (!pg) await rebuildUploadedObjects(knex, { notNull: false, onDelete: 'SET NULL' });
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.transaction(async (trx) => {
    await trx('uploaded_objects').whereNull('user_id').delete();
    if (pg) {
      await trx.raw('ALTER TABLE uploaded_objects DROP CONSTRAINT uploaded_objects_user_id_foreign');
      await trx.raw('ALTER TABLE uploaded_objects ADD CONSTRAINT uploaded_objects_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE');
      await trx.raw('ALTER TABLE uploaded_objects ALTER COLUMN user_id SET NOT NULL');
    }
    await trx.schema.alterTable('sessions', (t) => {
      t.dropIndex(['user_id']);
      t.dropColumn('user_id');
    });
    await trx.schema.dropTableIfExists('account_tokens');
  });
  if (!pg) await rebuildUploadedObjects(knex, { notNull: true, onDelete: 'CASCADE' });
}

/** SQLite's way to change a column's constraints (sqlite.org/lang_altertable.html, "other kinds of table schema changes"). */
async function rebuildUploadedObjects(knex: Knex, change: { notNull: boolean; onDelete: 'SET NULL' | 'CASCADE' }): Promise<void> {
  const table = (await knex('sqlite_master').where({ type: 'table', name: 'uploaded_objects' }).first('sql')) as { sql: string };
  const indexes: string[] = await knex('sqlite_master').where({ type: 'index', tbl_name: 'uploaded_objects' }).whereNotNull('sql').pluck('sql');
  const column = /([`"]?user_id[`"]?\s+integer)(\s+not null)?/i;
  const foreign = /(foreign key\s*\(\s*[`"]?user_id[`"]?\s*\)\s*references\s*[`"]?users[`"]?\s*\(\s*[`"]?id[`"]?\s*\)\s*on delete\s+)(cascade|set null)/i;
  if (!column.test(table.sql) || !foreign.test(table.sql)) throw new Error(`uploaded_objects is not as migration 001 made it: ${table.sql}`);
  const sql = table.sql
    .replace(/^CREATE TABLE\s+[`"]?uploaded_objects[`"]?/i, 'CREATE TABLE `uploaded_objects_rebuilt`')
    .replace(column, (_all, name: string) => (change.notNull ? `${name} not null` : name))
    .replace(foreign, (_all, head: string) => `${head}${change.onDelete}`);
  await knex.raw('PRAGMA foreign_keys = OFF');
  try {
    await knex.transaction(async (trx) => {
      await trx.raw(sql);
      await trx.raw('INSERT INTO uploaded_objects_rebuilt SELECT * FROM uploaded_objects');
      await trx.raw('DROP TABLE uploaded_objects');
      await trx.raw('ALTER TABLE uploaded_objects_rebuilt RENAME TO uploaded_objects');
      for (const index of indexes) await trx.raw(index);
      const broken = (await trx.raw('PRAGMA foreign_key_check')) as unknown[];
      if (broken.length) throw new Error(`foreign keys broken by the rebuild of uploaded_objects: ${JSON.stringify(broken)}`);
    });
  } finally {
    await knex.raw('PRAGMA foreign_keys = ON');
  }
}
