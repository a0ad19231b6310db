import type { Knex } from 'knex';
import type { Db } from '#api/db';

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
    /** Deletes `userId`'s object `id`: true when there was one. */
    async deleteOwned(id: string, userId: number): Promise<boolean> {
      return Number(await db('uploaded_objects').where({ id, user_id: userId }).delete()) > 0;
    },
    /** Tickets never used are dropped once expired (an upload still running is left alone); stored objects stay. */
    async purgeExpired(nowIso: string): Promise<number> {
      return db('uploaded_objects').where({ status: 'pending' }).andWhere('expires_at', '<', nowIso).delete();
    },
    /**
     * Objects nobody can need any more: uploads left half-received (their server stopped mid-PUT)
     * whose ticket expired before `stuckBeforeIso`, and stored images created before
     * `unusedBeforeIso` that no user shows as an avatar. Deletes their rows and returns their ids.
     */
    async deleteAbandoned(stuckBeforeIso: string, unusedBeforeIso: string): Promise<string[]> {
      const anAvatar = () => db('users').select(db.raw('1')).where('users.avatar_url', db.raw("'/objects/' || uploaded_objects.id"));
      const abandoned = (q: Knex.QueryBuilder) =>
        q
          .where((stuck) => stuck.where({ status: 'uploading' }).andWhere('expires_at', '<', stuckBeforeIso))
          .orWhere((unused) => unused.where({ status: 'stored' }).andWhere('created_at', '<', unusedBeforeIso).whereNotExists(anAvatar()));
      const candidates: { id: string }[] = await abandoned(db('uploaded_objects').select('id'));
      const deleted: string[] = [];
      // One by one, each checked again: an image made someone's avatar meanwhile is kept.
      for (const { id } of candidates) {
        if (Number(await db('uploaded_objects').where({ id }).andWhere((q) => abandoned(q)).delete()) > 0) deleted.push(id);
      }
      return deleted;
    },
  };
}
