import type { Knex } from 'knex';

// Rate-limit counters (api/lib/rate-limit-store.ts), shared by every process on this database.
// One row per limited subject ("auth-ip:203.0.113.7", "user-write:42"): the points consumed in
// the current window and when that window ends (ms since epoch). Expired rows are dead and purged
// from time to time; nothing else refers to them. Created here rather than by the limiter at
// start-up, so every process finds the same table without racing to create it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
  });
  await knex.schema.alterTable('rate_limits', (t) => {
    t.index(['expire'], 'rate_limits_expire_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
