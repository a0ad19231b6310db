import type { Knex } from 'knex';

// Timestamps are written by the application as ISO-8601 UTC strings (see api/lib/convert.ts),
// so SQLite text and PostgreSQL timestamptz sort and compare the same way.

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  const ts = (t: Knex.CreateTableBuilder, name: string) => (pg ? t.timestamp(name, { useTz: true }) : t.string(name, 40));

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('username', 20).notNullable();
    t.string('email', 254).notNullable();
    t.string('name', 80).notNullable();
    t.string('password_hash', 255).notNullable();
    t.string('role', 20).notNullable().defaultTo('user');
    t.string('avatar_url', 500);
    t.text('bio');
    t.string('website', 300);
    t.text('social_links');
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
  });
  // Case-insensitive uniqueness: "Alice" and "alice" are the same account on both databases.
  await knex.raw('CREATE UNIQUE INDEX users_username_lower_unique ON users (lower(username))');
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.text('data').notNullable();
    t.bigInteger('expires_at').notNullable().index();
  });

  await knex.schema.createTable('devotionals', (t) => {
    t.increments('id').primary();
    t.string('date', 10).unique(); // YYYY-MM-DD when scheduled for one day; null for the rotation
    t.string('title', 200).notNullable();
    t.text('verse_text').notNullable();
    t.string('verse_reference', 100).notNullable();
    t.text('content').notNullable();
    ts(t, 'created_at').notNullable();
  });

  await knex.schema.createTable('devotional_hearts', (t) => {
    t.integer('devotional_id').notNullable().references('id').inTable('devotionals').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    ts(t, 'created_at').notNullable();
    t.primary(['devotional_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('videos', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('description');
    t.string('category', 40).notNullable().index();
    t.string('duration', 16).notNullable();
    t.bigInteger('views').notNullable().defaultTo(0);
    ts(t, 'published_at').notNullable();
    t.string('youtube_id', 20).notNullable();
    t.boolean('is_short').notNullable().defaultTo(false);
    t.boolean('featured').notNullable().defaultTo(false);
    t.index(['published_at']);
    t.index(['views']);
  });

  await knex.schema.createTable('blog_posts', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('content').notNullable();
    t.text('excerpt');
    t.string('category', 40).notNullable();
    t.integer('read_time').notNullable().defaultTo(5);
    t.bigInteger('views').notNullable().defaultTo(0);
    ts(t, 'published_at').notNullable();
    t.string('thumbnail_url', 500);
    t.boolean('featured').notNullable().defaultTo(false);
    t.boolean('is_external').notNullable().defaultTo(false);
    t.string('substack_url', 500);
    t.integer('author_id').references('id').inTable('users').onDelete('SET NULL');
    t.index(['published_at']);
    t.index(['category', 'published_at']);
    t.index(['featured']);
  });

  await knex.schema.createTable('bookmark_folders', (t) => {
    t.string('id', 36).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 60).notNullable();
    t.string('color', 7).notNullable().defaultTo('#3B82F6');
    ts(t, 'created_at').notNullable();
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('bookmarks', (t) => {
    t.string('id', 36).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('content_type', 10).notNullable();
    t.integer('content_id').notNullable();
    // Deleting a folder keeps its bookmarks, outside any folder.
    t.string('folder_id', 36).references('id').inTable('bookmark_folders').onDelete('SET NULL');
    ts(t, 'created_at').notNullable();
    t.unique(['user_id', 'content_type', 'content_id']);
    t.index(['folder_id']);
    t.index(['content_type', 'content_id']);
  });

  await knex.schema.createTable('progress', (t) => {
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('content_type', 10).notNullable();
    t.integer('content_id').notNullable();
    t.boolean('completed').notNullable().defaultTo(false);
    t.integer('progress_percent').notNullable().defaultTo(0);
    ts(t, 'updated_at').notNullable();
    t.primary(['user_id', 'content_type', 'content_id']);
    t.index(['content_type', 'content_id']);
  });

  await knex.schema.createTable('comments', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('content_type', 10).notNullable();
    t.integer('content_id').notNullable();
    t.text('comment').notNullable();
    ts(t, 'created_at').notNullable();
    t.index(['content_type', 'content_id', 'created_at']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('live_streams', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('description');
    t.boolean('is_live').notNullable().defaultTo(false);
    t.integer('viewer_count').notNullable().defaultTo(0);
    t.string('thumbnail_url', 500);
    ts(t, 'scheduled_for');
    t.index(['is_live']);
    t.index(['scheduled_for']);
  });

  await knex.schema.createTable('live_questions', (t) => {
    t.increments('id').primary();
    t.integer('live_stream_id').notNullable().references('id').inTable('live_streams').onDelete('CASCADE');
    t.string('asked_by', 60).notNullable();
    t.text('question').notNullable();
    t.boolean('is_highlighted').notNullable().defaultTo(false);
    t.boolean('is_answered').notNullable().defaultTo(false);
    ts(t, 'created_at').notNullable();
    t.index(['live_stream_id', 'created_at']);
  });

  await knex.schema.createTable('newsletter_subscriptions', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable();
    ts(t, 'created_at').notNullable();
  });
  await knex.raw('CREATE UNIQUE INDEX newsletter_email_lower_unique ON newsletter_subscriptions (lower(email))');

  await knex.schema.createTable('uploaded_objects', (t) => {
    t.string('id', 36).primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('upload_token', 64).notNullable().unique();
    t.string('status', 10).notNullable().defaultTo('pending'); // pending → stored
    t.string('content_type', 40);
    t.integer('size');
    ts(t, 'created_at').notNullable();
    ts(t, 'expires_at').notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.string('scope', 40).notNullable(); // "u:{userId}" or "s:{anonymous session}" so keys never collide across users
    t.string('key', 100).notNullable();
    t.string('method', 10).notNullable();
    t.string('path', 500).notNullable();
    t.integer('status'); // null while the first request is still running
    t.text('body');
    ts(t, 'created_at').notNullable();
    t.primary(['scope', 'key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'uploaded_objects',
    'newsletter_subscriptions',
    'live_questions',
    'live_streams',
    'comments',
    'progress',
    'bookmarks',
    'bookmark_folders',
    'blog_posts',
    'videos',
    'devotional_hearts',
    'devotionals',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
