import type { Knex } from 'knex';

/**
 * Live streams from the editor's desk:
 * - `live_streams.youtube_id`: the YouTube video the stream plays (the desk's "YouTube link",
 *   read down to its 11-character id), or null when it has none yet;
 * - `live_questions.hidden`: an editor hid the question; no list shows it, and open pages drop it.
 *   The list's index gains the flag, so a page of visible questions is read in order off it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_streams', (t) => {
    t.string('youtube_id', 11);
  });
  await knex.schema.alterTable('live_questions', (t) => {
    t.boolean('hidden').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('live_questions', (t) => {
    t.dropIndex(['live_stream_id', 'created_at']);
    t.index(['live_stream_id', 'hidden', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_questions', (t) => {
    t.dropIndex(['live_stream_id', 'hidden', 'created_at']);
    t.index(['live_stream_id', 'created_at']);
  });
  await knex.schema.alterTable('live_questions', (t) => {
    t.dropColumn('hidden');
  });
  await knex.schema.alterTable('live_streams', (t) => {
    t.dropColumn('youtube_id');
  });
}
