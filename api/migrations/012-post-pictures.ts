import type { Knex } from 'knex';

/**
 * Pictures on posts (docs/product.md#blog-management):
 * - `cover_image_url`, `cover_image_alt` on `blog_posts` and `blog_post_versions`: the cover
 *   picture (an uploaded object's path, `/objects/{id}`) and its alt text, kept with each version
 *   so a restore brings the cover back;
 * - `post_objects`: the uploaded objects a post uses (its cover and the `/objects/{id}` images of
 *   its text, in the post or any kept version). The upload sweep never deletes one listed here;
 *   a post's rows go with the post. The foreign key to `uploaded_objects` has no cascade: an
 *   object a post uses cannot be deleted by accident, and a save naming one just swept fails.
 * Existing posts and versions are read once to fill `post_objects`.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['blog_posts', 'blog_post_versions']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('cover_image_url', 500);
      t.string('cover_image_alt', 300);
    });
  }
  await knex.schema.createTable('post_objects', (t) => {
    t.integer('post_id').notNullable().references('id').inTable('blog_posts').onDelete('CASCADE');
    t.string('object_id', 36).notNullable().references('id').inTable('uploaded_objects');
    t.primary(['post_id', 'object_id']);
    t.index(['object_id']);
  });

  // Posts written before this migration may already show uploaded images in their text.
  const mentioned = new Map<number, Set<string>>();
  const note = (postId: unknown, text: string | null) => {
    for (const [, id] of (text ?? '').matchAll(/\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi)) {
      const key = Number(postId);
      if (!mentioned.has(key)) mentioned.set(key, new Set());
      mentioned.get(key)!.add(id!.toLowerCase());
    }
  };
  for (const row of (await knex('blog_posts').select('id', 'content')) as Array<{ id: unknown; content: string | null }>) note(row.id, row.content);
  for (const row of (await knex('blog_post_versions').select('post_id', 'content')) as Array<{ post_id: unknown; content: string | null }>) note(row.post_id, row.content);
  for (const [postId, ids] of mentioned) {
    const stored: string[] = await knex('uploaded_objects').whereIn('id', [...ids]).pluck('id');
    if (stored.length) await knex('post_objects').insert(stored.map((objectId) => ({ post_id: postId, object_id: objectId })));
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('post_objects');
  for (const table of ['blog_posts', 'blog_post_versions']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumns('cover_image_url', 'cover_image_alt');
    });
  }
}
