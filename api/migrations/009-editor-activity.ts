import type { Knex } from 'knex';

/**
 * The editor's desk's Activity: one row per editor write that succeeded (who, what, which item,
 * when), written in the write's own transaction when it has one. See api/modules/activity.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.createTable('editor_activity', (t) => {
    t.increments('id').primary();
    t.integer('actor_id').references('id').inTable('users').onDelete('SET NULL');
    t.string('method', 8).notNullable();
    t.string('route', 120).notNullable();
    t.string('path', 300).notNullable();
    t.string('item', 64);
    t.string('title', 200);
    t.smallint('status').notNullable();
    if (pg) t.timestamp('created_at', { useTz: true }).notNullable();
    else t.string('created_at', 40).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('editor_activity');
}
