import type { Knex } from 'knex';
import type { Db } from '#api/db';
import { constraintKind } from '#api/errors';

/** pending: a ticket was issued · uploading: its PUT is being received · stored: the bytes are in the row. */
export type ObjectStatus = 'pending' | 'uploading' | 'stored';

export interface ObjectRow {
  id: string;
  user_id: number;
  upload_token: string;
  status: ObjectStatus;
  content_type: string | null;
  size: number | null;
  created_at: unknown;
  expires_at: unknown;
}

/** What serving an object needs before its bytes: enough to answer 304 without reading them. */
export interface StoredObjectMeta {
  content_type: string;
  size: number;
  etag: string;
}

// Every column but the bytes: a lookup by id or token never reads a 5 MB image.
const META = ['id', 'user_id', 'upload_token', 'status', 'content_type', 'size', 'created_at', 'expires_at'] as const;

/** A post uses the object (`post_objects`, migration 012): for `whereNotExists` on uploaded_objects. */
const aPostsPicture = (db: Db) => db('post_objects').select(db.raw('1')).whereRaw('post_objects.object_id = uploaded_objects.id');

export function objectsRepo(db: Db) {
  return {
    async create(row: { id: string; userId: number; token: string; createdAt: string; expiresAt: string }): Promise<void> {
      await db('uploaded_objects').insert({
        id: row.id,
        user_id: row.userId,
        upload_token: row.token,
        status: 'pending',
        created_at: row.createdAt,
        expires_at: row.expiresAt,
      });
    },
    async findById(id: string): Promise<ObjectRow | undefined> {
      return db<ObjectRow>('uploaded_objects').where({ id }).first(...META);
    },
    async findByToken(token: string): Promise<ObjectRow | undefined> {
      return db<ObjectRow>('uploaded_objects').where({ upload_token: token }).first(...META);
    },
    /** The type, size and ETag of a stored object whose bytes are in the database. */
    async findStoredMeta(id: string): Promise<StoredObjectMeta | undefined> {
      return db('uploaded_objects').where({ id, status: 'stored' }).whereNotNull('body').first('content_type', 'size', 'etag');
    },
    async findBody(id: string): Promise<Buffer | undefined> {
      const row = (await db('uploaded_objects').where({ id, status: 'stored' }).first('body')) as { body: Buffer | null } | undefined;
      return row?.body ?? undefined;
    },
    /**
     * Stores the bytes of an upload being received and marks it stored, in one statement on the
     * ticket's own row: every process sees the object the moment the answer leaves, or not at all.
     */
    async store(id: string, object: { body: Buffer; etag: string; contentType: string }): Promise<boolean> {
      const n = await db('uploaded_objects')
        .where({ id, status: 'uploading' })
        .update({ status: 'stored', body: object.body, etag: object.etag, content_type: object.contentType, size: object.body.length });
      return Number(n) > 0;
    },
    /** Moves a row from one status to another only if it is still in the first: true when this caller won. */
    async transition(id: string, from: ObjectStatus, to: ObjectStatus): Promise<boolean> {
      const n = await db('uploaded_objects').where({ id, status: from }).update({ status: to });
      return Number(n) > 0;
    },
    /** Of `ids`, those stored (uploaded whole). */
    async findStoredIds(ids: readonly string[]): Promise<string[]> {
      if (!ids.length) return [];
      return db('uploaded_objects').whereIn('id', [...ids]).where({ status: 'stored' }).pluck('id');
    },
    /** Deletes `userId`'s object `id`, unless a post uses it: true when it was deleted. */
    async deleteOwned(id: string, userId: number): Promise<boolean> {
      try {
        return Number(await db('uploaded_objects').where({ id, user_id: userId }).whereNotExists(aPostsPicture(db)).delete()) > 0;
      } catch (err) {
        // A post came to use it meanwhile (post_objects' foreign key): it stays.
        if (constraintKind(err) === 'foreign') return false;
        throw err;
      }
    },
    /** Tickets never used are dropped once expired (an upload still running is left alone); stored objects stay. */
    async purgeExpired(nowIso: string): Promise<number> {
      return db('uploaded_objects').where({ status: 'pending' }).andWhere('expires_at', '<', nowIso).delete();
    },
    /**
     * Objects nobody can need any more: uploads left half-received (their server stopped mid-PUT)
     * whose ticket expired before `stuckBeforeIso`, and stored images created before
     * `unusedBeforeIso` that no user shows as an avatar and no post uses (its cover or a picture in
     * its text, now or in a kept version: `post_objects`, migration 012). Deletes their rows and
     * returns their ids.
     */
    async deleteAbandoned(stuckBeforeIso: string, unusedBeforeIso: string): Promise<string[]> {
      const anAvatar = () => db('users').select(db.raw('1')).where('users.avatar_url', db.raw("'/objects/' || uploaded_objects.id"));
      const abandoned = (q: Knex.QueryBuilder) =>
        q
          .where((stuck) => stuck.where({ status: 'uploading' }).andWhere('expires_at', '<', stuckBeforeIso))
          .orWhere((unused) => unused.where({ status: 'stored' }).andWhere('created_at', '<', unusedBeforeIso).whereNotExists(anAvatar()).whereNotExists(aPostsPicture(db)));
      const candidates: { id: string }[] = await abandoned(db('uploaded_objects').select('id'));
      const deleted: string[] = [];
      // One by one, each checked again: an image made someone's avatar meanwhile is kept, and one a
      // post's save is taking right now is refused by post_objects' foreign key, so it is kept too.
      for (const { id } of candidates) {
        try {
          if (Number(await db('uploaded_objects').where({ id }).andWhere((q) => abandoned(q)).delete()) > 0) deleted.push(id);
        } catch (err) {
          if (constraintKind(err) !== 'foreign') throw err;
        }
      }
      return deleted;
    },
  };
}
