import type { Knex } from 'knex';

/**
 * One body for a message sent to many (docs/decisions/016-outgoing-mail.md): a newsletter is one
 * `mail_bodies` row (subject, text, HTML, headers) and one small `outgoing_mail` row per
 * recipient, naming the body (`body_id`) and the recipient's own values (`vars_json`: the
 * unsubscribe token), which the sender puts in at its placeholders. Before, each recipient's row
 * held the whole post: 10 000 copies of its HTML written in one transaction and kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_bodies', (t) => {
    t.increments('id').primary();
    t.string('subject', 998).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body');
    t.text('headers_json').notNullable().defaultTo('{}');
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.integer('body_id');
    t.text('vars_json');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_mail', (t) => {
    t.dropColumns('body_id', 'vars_json');
  });
  await knex.schema.dropTableIfExists('mail_bodies');
}
