import type { Knex } from 'knex';

/**
 * Comment moderation (the editor's desk):
 * - `comments.hidden`: an editor hid the comment; no reader's list shows it. The list's index
 *   gains the flag, so a page of visible comments is read in order straight off it;
 * - `comment_reports`: one row per reader who reported a comment (unique), with their optional
 *   reason; a comment's or a reader's deletion takes its reports with it.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.alterTable('comments', (t) => {
    t.boolean('hidden').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('comments', (t) => {
    t.dropIndex(['content_type', 'content_id', 'created_at']);
    t.index(['content_type', 'content_id', 'hidden', 'created_at']);
  });
  await knex.schema.createTable('comment_reports', (t) => {
    t.integer('comment_id').notNullable().references('id').inTable('comments').onDelete('CASCADE');
    t.integer('reporter_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 500);
    if (pg) t.timestamp('created_at', { useTz: true }).notNullable();
    else t.string('created_at', 40).notNullable();
    t.primary(['comment_id', 'reporter_id']);
    // A reader's deletion finds their reports without a scan.
    t.index(['reporter_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('comment_reports');
  await knex.schema.alterTable('comments', (t) => {
    t.dropIndex(['content_type', 'content_id', 'hidden', 'created_at']);
    t.index(['content_type', 'content_id', 'created_at']);
  });
  await knex.schema.alterTable('comments', (t) => {
    t.dropColumn('hidden');
  });
}
