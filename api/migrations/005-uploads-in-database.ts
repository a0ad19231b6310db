import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

// The same ETag as objects.service.ts gives a new upload, written out here so that this migration
// stays as it ran, whatever the app's code becomes.
function objectEtag(bytes: Buffer): string {
  return `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/**
 * Uploaded bytes move from files in UPLOAD_DIR (seen only by the host that received them) into
 * the database, where every API process on every host reads them: PostgreSQL bytea, SQLite blob.
 * Files of stored objects are copied in, so no avatar is lost on upgrade; a missing folder or file
 * is fine (the row then serves 404, as a lost file did before). The files themselves are left
 * where they are, for a rollback; the README says when they may be deleted.
 */
export function uploadsInDatabase(uploadDir: string): Knex.Migration {
  return {
    async up(knex) {
      await knex.schema.alterTable('uploaded_objects', (t) => {
        t.binary('body');
        t.string('etag', 40);
      });
      const stored: { id: string }[] = await knex('uploaded_objects').select('id').where({ status: 'stored' });
      let moved = 0;
      for (const { id } of stored) {
        // Ids are UUIDs the server made; the check keeps a strange row from naming a path outside the folder.
        if (!/^[0-9a-f-]{36}$/.test(id)) continue;
        let bytes: Buffer;
        try {
          bytes = await fs.readFile(path.join(uploadDir, id));
        } catch {
          continue;
        }
        await knex('uploaded_objects').where({ id }).update({ body: bytes, etag: objectEtag(bytes), size: bytes.length });
        moved += 1;
      }
      if (moved > 0) console.log(`[migrate] ${moved} uploaded file(s) copied from ${uploadDir} into the database`);
    },
    async down(knex) {
      await knex.schema.alterTable('uploaded_objects', (t) => {
        t.dropColumn('body');
        t.dropColumn('etag');
      });
    },
  };
}
