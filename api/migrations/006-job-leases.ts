import type { Knex } from 'knex';

/**
 * One row per background job (upload sweep, idempotency purge, session purge): the process that
 * may run it (`holder`) until `expires_at`, in milliseconds since the epoch on the database's
 * clock, so hosts whose clocks drift still agree. See api/lib/job-lease.ts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_leases', (t) => {
    t.string('name', 40).primary();
    t.string('holder', 120).notNullable();
    t.bigInteger('expires_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_leases');
}
