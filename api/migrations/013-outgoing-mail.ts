import type { Knex } from 'knex';

/**
 * The outgoing mail queue (docs/decisions/016-outgoing-mail.md): one row per message, written in
 * the transaction of the change that causes it and sent by one process under the job lease.
 * Times are milliseconds since the epoch (as in `job_leases`), compared as numbers on both
 * databases. `status`: pending (waiting for `next_attempt_at`), sending (claimed at `claimed_at`,
 * in flight), sent, failed (`last_error` says why). The index serves the sender's query: the next
 * due message of a status, oldest first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outgoing_mail', (t) => {
    t.increments('id').primary();
    t.string('to_address', 320).notNullable();
    t.string('subject', 998).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('headers_json').notNullable().defaultTo('{}');
    t.string('kind', 40).notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.text('last_error');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('sent_at');
    t.bigInteger('claimed_at');
    t.index(['status', 'next_attempt_at', 'id'], 'outgoing_mail_due');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outgoing_mail');
}
