import http from 'node:http';
import type Koa from 'koa';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import { z } from 'zod';
import { isRetryLater, syncBatchInputSchema, type SyncResult, type SyncWrite } from '#contract/sync';
import type { Db } from '../db';
import { AppError, unauthorized } from '../errors';
import { withRequestTransaction } from '../lib/request-transaction';
import { sessionUserId } from './auth';

/** The batch route, matched as the router matches paths (any letter case, an optional trailing slash). */
const BATCH_PATH = /^\/api\/sync\/batch\/?$/i;

/**
 * What a batch may carry: the writes the offline outbox queues (each feature's api/writes.ts in the
 * PWA), nothing else. Sign-in, sign-up, sign-out and the account's calls change the session or the
 * cookies, which a write inside a batch has no answer of its own to carry; an upload's body is not
 * JSON. A batch holding anything else is refused whole (400), and the outbox then sends its writes
 * one by one. Matched on the path without its query, as the router matches.
 */
const BATCHABLE: { methods: readonly string[]; path: RegExp }[] = [
  { methods: ['POST', 'DELETE'], path: /^\/api\/bookmarks\/?$/i },
  { methods: ['PATCH'], path: /^\/api\/bookmarks\/[^/]+\/?$/i },
  { methods: ['POST'], path: /^\/api\/bookmark-categories\/?$/i },
  { methods: ['DELETE'], path: /^\/api\/bookmark-categories\/[^/]+\/?$/i },
  { methods: ['POST'], path: /^\/api\/progress\/?$/i },
  { methods: ['POST'], path: /^\/api\/comments\/?$/i },
  { methods: ['POST', 'DELETE'], path: /^\/api\/devotional\/[^/]+\/heart\/?$/i },
];

const isBatchable = (write: SyncWrite) => {
  const pathname = write.path.split('?')[0]!;
  return BATCHABLE.some((rule) => rule.methods.includes(write.method) && rule.path.test(pathname));
};

/**
 * Writes committed together: one database transaction for up to this many writes of a batch, each
 * write a savepoint in it (the idempotency middleware's own transaction, nested). Fewer commits
 * and statements per write; SQLite's one writer is held for a few of them at a time, not the
 * whole batch (docs/decisions/020-queued-writes-in-one-request.md).
 */
const WRITES_PER_TRANSACTION = 10;

/** Request headers a write inside a batch does not inherit from the batch's request: they describe the batch's own body or key. */
const NOT_INHERITED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'idempotency-key', 'content-type']);

/**
 * A request of its own for one write of a batch, as if it had come alone on the batch's
 * connection: the batch's headers (its cookie, origin, forwarded address), the write's method,
 * path, body and Idempotency-Key, and the batch's session itself (read once for the batch, and
 * any change a write makes to it is the batch's). Its answer stays in memory: nothing is sent.
 */
function requestFor(app: Koa, batch: Context, write: SyncWrite): Context {
  const req = new http.IncomingMessage(batch.req.socket);
  req.method = write.method;
  req.url = write.path;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  const headers: http.IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(batch.req.headers)) if (!NOT_INHERITED.has(name)) headers[name] = value;
  headers['idempotency-key'] = write.key;
  if (write.body !== undefined) headers['content-type'] = 'application/json';
  req.headers = headers;
  const res = new http.ServerResponse(req);
  const ctx = app.createContext(req, res);
  Object.defineProperty(ctx, 'session', {
    configurable: true,
    get: () => batch.session,
    set: (value: unknown) => {
      (batch as unknown as { session: unknown }).session = value;
    },
  });
  ctx.request.body = write.body ?? {};
  return ctx;
}

/**
 * `POST /api/sync/batch` (docs/decisions/020-queued-writes-in-one-request.md): the outbox's queued
 * writes in one request, applied in order, each through `perWrite`, the same middleware a write
 * that comes alone goes through after its body is parsed (the public cache's drop, the rate
 * limits, the idempotency middleware, the editor's Activity, the API's routes, with the error
 * middleware first so that a refusal is that write's `{message}`). So a write in a batch is
 * checked, refused, counted and remembered exactly as alone: a replay of the batch, or of one of
 * its writes alone, answers from the stored answer and never applies anything twice.
 *
 * The batch itself: 401 without a session; 400 for a body that is not `{ writes: [...] }` of 1 to
 * SYNC_BATCH_MAX writes (each a key, a method, an /api/ path, a body) or for a write a batch may
 * not carry; otherwise 200 with a result per write, in order. The first write whose answer was not
 * kept (5xx, 401, 408, 429, a 409 with Retry-After) ends the batch: the writes after it are not
 * run, so that the outbox can send them again after it, in order. WRITES_PER_TRANSACTION writes
 * share a database transaction, and their answers count once it has committed. The body's size is
 * bounded by the body parser's JSON limit, as for any call. Mounted after the session, the same-origin check and
 * the body parser, and before the idempotency middleware: the batch has no key of its own.
 */
export function syncBatch(app: Koa, db: Db, perWrite: readonly Middleware[]): Middleware {
  // Koa's own composition: nothing runs after the last.
  const run = compose([...perWrite]);
  return async (ctx: Context, next: Next) => {
    if (!BATCH_PATH.test(ctx.path)) return next();
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'POST');
      throw new AppError(405, `${ctx.method} is not allowed on ${ctx.path}. Allowed: POST.`);
    }
    if (sessionUserId(ctx) === null) throw unauthorized();
    const { writes } = z.parse(syncBatchInputSchema, ctx.request.body ?? {});
    const refused = writes.findIndex((write) => !isBatchable(write));
    if (refused >= 0) {
      const write = writes[refused]!;
      throw new AppError(400, `writes.${refused}: ${write.method} ${write.path} cannot be sent in a batch; send it alone.`);
    }

    const results: SyncResult[] = [];
    let stopped = false;
    for (let from = 0; from < writes.length && !stopped; from += WRITES_PER_TRANSACTION) {
      const part = writes.slice(from, from + WRITES_PER_TRANSACTION);
      // A part's answers count only once its transaction has committed, as a write's own answer does alone.
      const answered: SyncResult[] = [];
      try {
        await db.transaction((trx) =>
          withRequestTransaction(trx, async () => {
            for (const write of part) {
              const one = requestFor(app, ctx, write);
              await run(one);
              const retryAfter = one.response.get('Retry-After') || undefined;
              const body: unknown = one.body;
              answered.push({
                key: write.key,
                status: one.status,
                ...(body === undefined || body === null ? {} : { body }),
                ...(retryAfter ? { retryAfter } : {}),
                ...(one.response.get('Idempotent-Replayed') === 'true' ? { replayed: true } : {}),
              });
              if (isRetryLater(one.status, retryAfter)) {
                stopped = true;
                break;
              }
            }
          }),
        );
      } catch (err) {
        // Nothing of this part was kept: its first write is answered "later", and the batch ends there.
        ctx.app.emit('error', err, ctx);
        results.push({ key: part[0]!.key, status: 503, body: { message: 'Please retry these changes.' }, retryAfter: '1' });
        break;
      }
      results.push(...answered);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { results };
  };
}
