import type { Knex } from 'knex';

/**
 * Sent mail is kept for a time, not for ever (docs/decisions/016-outgoing-mail.md, "How long mail
 * is kept"): the housekeeping deletes a message's row some days after it was sent or given up, and
 * at once when the reader deletes their account. A newsletter send still says how many of its
 * messages went and failed: the deleted rows are added up on their send first, in
 * `newsletter_sends.earlier_sent`, `earlier_failed` and `earlier_last_at` (ms since the epoch, as
 * the queue's times).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('newsletter_sends', (t) => {
    t.integer('earlier_sent').notNullable().defaultTo(0);
    t.integer('earlier_failed').notNullable().defaultTo(0);
    t.bigInteger('earlier_last_at');
  });
  // The housekeeping's question: the oldest finished messages (sent or failed), by the time they finished.
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.index(['status', 'sent_at'], 'outgoing_mail_sent_at');
    t.index(['status', 'failed_at'], 'outgoing_mail_failed_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.dropIndex(['status', 'sent_at'], 'outgoing_mail_sent_at');
    t.dropIndex(['status', 'failed_at'], 'outgoing_mail_failed_at');
  });
  await knex.schema.alterTable('newsletter_sends', (t) => {
    t.dropColumns('earlier_sent', 'earlier_failed', 'earlier_last_at');
  });
}
