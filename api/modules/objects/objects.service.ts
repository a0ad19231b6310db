import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, uploadedPicturePaths } from '#contract';
import type { AppConfig } from '#api/config';
import type { Db } from '#api/db';
import { AppError, badRequest, forbidden, notFound } from '#api/errors';
import { toIso, toNumber } from '#api/lib/convert';
import { jobLeases } from '#api/lib/job-lease';
import { objectsRepo, type ObjectRow } from './objects.repo';
import { readLimitedBody, tooLarge } from './read-body';

/** How long an upload ticket stays usable. */
export const TICKET_TTL_MS = 15 * 60 * 1000;
/** How long an uploaded image may wait to be used (as an avatar, or by a post) before it is deleted. */
export const UNUSED_OBJECT_TTL_MS = 24 * 60 * 60 * 1000;
/** How long after its ticket expired a half-received upload is given up (its server stopped mid-PUT). */
const STUCK_UPLOAD_GRACE_MS = 60 * 60 * 1000;
const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The path an object is served at; what the API stores (e.g. as an avatar) and answers, made absolute. */
export const objectPath = (id: string) => `/objects/${id}`;

/** The ETag an object is served with: a hash of its bytes, so every process answers the same one. */
export function objectEtag(bytes: Buffer): string {
  return `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

const isAllowedType = (mime: string): boolean => (ALLOWED_IMAGE_TYPES as readonly string[]).includes(mime);

/**
 * The object id behind a URL this server issued: the path `/objects/{id}` or the same path as an
 * absolute URL on `origin`. Anything else (another site, another path, a query string) is null.
 */
export function objectIdFromUrl(url: string, origin: string): string | null {
  let pathname: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    pathname = url;
  } else {
    let parsed: URL;
    let own: string;
    try {
      parsed = new URL(url);
      own = new URL(origin).origin;
    } catch {
      return null;
    }
    if (parsed.origin !== own || parsed.search || parsed.hash || parsed.username || parsed.password) return null;
    pathname = parsed.pathname;
  }
  return objectIdFromPath(pathname);
}

/** The object id in a path `/objects/{id}` (as stored for an avatar), or null. */
export function objectIdFromPath(pathname: string): string | null {
  const id = /^\/objects\/([^/?#]+)$/.exec(pathname)?.[1]?.toLowerCase();
  return id && OBJECT_ID.test(id) ? id : null;
}

/**
 * Every object id the texts mention as `/objects/{id}` (a path or an absolute URL; images, links,
 * anywhere), lower case, each once. Generous on purpose: what it finds is kept from the sweep.
 */
export function objectIdsIn(...texts: Array<string | null | undefined>): string[] {
  return [...new Set(texts.flatMap((text) => uploadedPicturePaths(text ?? '')).map((path) => path.slice('/objects/'.length)))];
}

const uploadGone = () => notFound('This upload link is invalid, expired or already used. Please start the upload again.');

export interface StoredObjectInfo {
  id: string;
  contentType: string;
  size: number;
}

/** The name of the upload sweep's lease in `job_leases`. */
export const UPLOAD_SWEEP_JOB = 'upload-sweep';

export function objectsService(db: Db, config: Pick<AppConfig, 'jobLeaseMs'>) {
  const repo = objectsRepo(db);
  const leases = jobLeases(db);

  /**
   * Deletes what no one can need any more: unused tickets once expired, half-received uploads,
   * and images that were uploaded but never became anyone's avatar within a day.
   */
  async function sweepUnused(now = Date.now()): Promise<{ tickets: number; objects: number }> {
    const tickets = await repo.purgeExpired(new Date(now).toISOString());
    const ids = await repo.deleteAbandoned(new Date(now - STUCK_UPLOAD_GRACE_MS).toISOString(), new Date(now - UNUSED_OBJECT_TTL_MS).toISOString());
    return { tickets, objects: ids.length };
  }

  /**
   * The sweep on the one process that holds its lease (see api/lib/job-lease.ts): run at start,
   * every HOUSEKEEPING_INTERVAL_MS, and when a new ticket is asked for. Null when another process holds it.
   */
  async function sweepIfLeaseHolder(now = Date.now()): Promise<{ tickets: number; objects: number } | null> {
    const run = await leases.runExclusive(UPLOAD_SWEEP_JOB, config.jobLeaseMs, () => sweepUnused(now));
    return run?.result ?? null;
  }

  return {
    /** A one-time ticket for one upload by `userId`; what is no longer needed is swept on the way. */
    async createTicket(userId: number): Promise<{ id: string; token: string }> {
      const now = Date.now();
      await sweepIfLeaseHolder(now);
      const id = crypto.randomUUID();
      const token = crypto.randomBytes(32).toString('base64url');
      await repo.create({ id, userId, token, createdAt: new Date(now).toISOString(), expiresAt: new Date(now + TICKET_TTL_MS).toISOString() });
      return { id, token };
    },

    sweepUnused,
    sweepIfLeaseHolder,

    /**
     * Receives the file for a ticket. The ticket is claimed (pending → uploading) before the body is
     * read, so two PUTs with one token cannot both store; a failed upload (too large, not an image,
     * interrupted) hands the ticket back so the client may retry it until it expires.
     */
    async receiveUpload(token: string, body: Readable, declaredLength: string): Promise<StoredObjectInfo> {
      if (!TOKEN.test(token)) throw uploadGone();
      const row = await repo.findByToken(token);
      if (!row || row.status !== 'pending' || new Date(toIso(row.expires_at)).getTime() <= Date.now()) throw uploadGone();
      if (declaredLength && Number(declaredLength) > MAX_UPLOAD_BYTES) throw tooLarge(MAX_UPLOAD_BYTES);
      if (!(await repo.transition(row.id, 'pending', 'uploading'))) throw uploadGone();
      try {
        const bytes = await readLimitedBody(body, MAX_UPLOAD_BYTES);
        const detected = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
        if (!detected || !isAllowedType(detected.mime)) {
          throw new AppError(415, 'Only PNG, JPEG, WebP or GIF images can be uploaded.');
        }
        if (!(await repo.store(row.id, { body: bytes, etag: objectEtag(bytes), contentType: detected.mime }))) throw uploadGone();
        return { id: row.id, contentType: detected.mime, size: bytes.length };
      } catch (err) {
        await repo.transition(row.id, 'uploading', 'pending');
        throw err;
      }
    },

    /**
     * A stored object to serve publicly, from the database (so any process serves what any other
     * received): its type, size and ETag, and `body()` to read the bytes when the client's copy
     * is not already current. Unknown, pending or without bytes (a file lost before migration 005) is 404.
     */
    async findStored(rawId: string): Promise<StoredObjectInfo & { etag: string; body: () => Promise<Buffer> }> {
      const id = rawId.toLowerCase();
      if (!OBJECT_ID.test(id)) throw notFound('No such file.');
      const meta = await repo.findStoredMeta(id);
      if (!meta) throw notFound('No such file.');
      return {
        id,
        contentType: meta.content_type,
        size: toNumber(meta.size),
        etag: meta.etag,
        body: async () => {
          const body = await repo.findBody(id);
          if (!body) throw notFound('No such file.');
          return body;
        },
      };
    },

    /**
     * Checks that `url` names an object this server stored for `userId` and returns its path.
     * 400 for another site's URL or an object that is unknown or not yet stored; 403 for another user's.
     */
    async ownedObjectPath(url: string, origin: string, userId: number): Promise<string> {
      const id = objectIdFromUrl(url, origin);
      if (!id) throw badRequest('The avatar must be an image uploaded to this site (a /objects/… address).');
      const row: ObjectRow | undefined = await repo.findById(id);
      if (!row) throw badRequest('That image was not found. Please upload it again.');
      if (toNumber(row.user_id) !== userId) throw forbidden('That image was uploaded by another user.');
      if (row.status !== 'stored') throw badRequest('That image has not finished uploading. Please upload it again.');
      return objectPath(id);
    },

    /**
     * The path of an object this server stored (`url` as `/objects/{id}` or the same on `origin`),
     * whoever uploaded it: a post's cover (editors share pictures). 400 for another site's address,
     * or an object that is unknown or not yet stored.
     */
    async storedObjectPath(url: string, origin: string, what = 'The picture'): Promise<string> {
      const id = objectIdFromUrl(url, origin);
      if (!id) throw badRequest(`${what} must be an image uploaded to this site (a /objects/… address).`);
      const row: ObjectRow | undefined = await repo.findById(id);
      if (!row) throw badRequest(`${what} was not found. Please upload it again.`);
      if (row.status !== 'stored') throw badRequest(`${what} has not finished uploading. Please upload it again.`);
      return objectPath(id);
    },

    /** Of `ids`, those this server has not stored (unknown, or the upload not finished). */
    async notStored(ids: readonly string[]): Promise<string[]> {
      const stored = new Set(await repo.findStoredIds(ids));
      return ids.filter((id) => !stored.has(id));
    },

    /**
     * Deletes the image an avatar no longer shows (row and bytes), when it is `userId`'s own object
     * and no post uses it: a photo someone replaced should not stay reachable. Anything else (no previous avatar, an
     * address this server did not issue, the same image again) is left alone.
     */
    async removeReplaced(previousPath: string | null, currentPath: string, userId: number): Promise<void> {
      if (!previousPath || previousPath === currentPath) return;
      const id = objectIdFromPath(previousPath);
      if (!id) return;
      await repo.deleteOwned(id, userId);
    },
  };
}

export type ObjectsService = ReturnType<typeof objectsService>;
