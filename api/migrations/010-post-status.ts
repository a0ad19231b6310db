import type { Knex } from 'knex';

/**
 * Posts become drafts, scheduled or published, and keep their history (the editor's desk):
 * - `status`: 'draft' or 'published' (every post before this was published); a published post
 *   dated in the future is scheduled, and readers see it from that instant;
 * - `version`: bumped by each save, the optimistic lock of concurrent edits;
 * - `updated_at`, `updated_by`: the last save and who made it;
 * - `blog_post_versions`: the text and fields of each saved version (the last 20 are kept).
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  const ts = (t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string) => (pg ? t.timestamp(name, { useTz: true }) : t.string(name, 40));
  await knex.schema.alterTable('blog_posts', (t) => {
    t.string('status', 12).notNullable().defaultTo('published');
    t.integer('version').notNullable().defaultTo(1);
    ts(t, 'updated_at');
    // No foreign key: SQLite would rebuild the table (and its search triggers) to add one. A user
    // who is gone simply names no one (the desk's queries join with a LEFT JOIN).
    t.integer('updated_by');
    t.index(['status', 'published_at']);
  });
  await knex.schema.createTable('blog_post_versions', (t) => {
    t.integer('post_id').notNullable().references('id').inTable('blog_posts').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.string('title', 200).notNullable();
    t.text('content').notNullable();
    t.text('excerpt');
    t.string('category', 40).notNullable();
    t.integer('read_time').notNullable();
    t.string('status', 12).notNullable();
    ts(t, 'published_at').notNullable();
    t.string('thumbnail_url', 500);
    t.integer('saved_by');
    ts(t, 'saved_at').notNullable();
    t.primary(['post_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('blog_post_versions');
  await knex.schema.alterTable('blog_posts', (t) => {
    t.dropIndex(['status', 'published_at']);
    t.dropColumns('status', 'version', 'updated_at', 'updated_by');
  });
}
