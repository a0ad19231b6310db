import type { Knex } from 'knex';

/**
 * The newsletter's double opt-in and its sends (docs/decisions/017-newsletter-double-opt-in.md):
 * - `newsletter_subscriptions.confirmed_at`: when the address was confirmed from its mail; null
 *   while pending. Rows that exist now subscribed under the old rules (one form, no mail), when
 *   no confirmation was asked: they count as confirmed, from the day they subscribed.
 * - `confirm_token_hash` (sha256 of the mailed token: the server only verifies it) and
 *   `confirm_sent_at` (the last confirmation mail: one an hour at most, and the token and a
 *   pending address expire 7 days after it).
 * - `blog_posts.email_subscribers`: "Email subscribers when published", cleared when it is sent.
 * - `newsletter_sends`: each send of a post (a test send to the editor alone included).
 * - `outgoing_mail.newsletter_send_id`: the send a message belongs to, for its progress; and
 *   `failed_at`, when a message was given up, so a send knows when it finished. No foreign key:
 *   SQLite would rebuild the queue's table to add one, and a message outlives its send's post.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  const ts = (t: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string) => (pg ? t.timestamp(name, { useTz: true }) : t.string(name, 40));
  await knex.schema.alterTable('newsletter_subscriptions', (t) => {
    ts(t, 'confirmed_at');
    t.string('confirm_token_hash', 64);
    ts(t, 'confirm_sent_at');
  });
  await knex('newsletter_subscriptions').update({ confirmed_at: knex.ref('created_at') });
  await knex.schema.alterTable('newsletter_subscriptions', (t) => {
    t.unique(['confirm_token_hash'], { indexName: 'newsletter_confirm_token_unique' });
    t.index(['confirmed_at'], 'newsletter_confirmed_at');
  });
  await knex.schema.alterTable('blog_posts', (t) => {
    t.boolean('email_subscribers').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('newsletter_sends', (t) => {
    t.increments('id').primary();
    t.integer('post_id').notNullable().references('id').inTable('blog_posts').onDelete('CASCADE');
    t.boolean('is_test').notNullable().defaultTo(false);
    t.integer('recipients').notNullable();
    // No foreign key, as blog_posts.updated_by: an editor who is gone simply names no one.
    t.integer('created_by');
    ts(t, 'created_at').notNullable();
    t.index(['post_id', 'id']);
  });
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.integer('newsletter_send_id');
    t.bigInteger('failed_at');
    t.index(['newsletter_send_id', 'status'], 'outgoing_mail_newsletter_send');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.dropIndex(['newsletter_send_id', 'status'], 'outgoing_mail_newsletter_send');
    t.dropColumns('newsletter_send_id', 'failed_at');
  });
  await knex.schema.dropTableIfExists('newsletter_sends');
  await knex.schema.alterTable('blog_posts', (t) => {
    t.dropColumn('email_subscribers');
  });
  await knex.schema.alterTable('newsletter_subscriptions', (t) => {
    t.dropUnique(['confirm_token_hash'], 'newsletter_confirm_token_unique');
    t.dropIndex(['confirmed_at'], 'newsletter_confirmed_at');
    t.dropColumns('confirmed_at', 'confirm_token_hash', 'confirm_sent_at');
  });
}
