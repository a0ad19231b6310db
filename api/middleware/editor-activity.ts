import type { Context, Middleware } from 'koa';
import { nowIso } from '../lib/convert';
import { editorActing } from './auth';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the desk's Activity keeps of a write: see api/modules/activity. */
export interface EditorWrite {
  actorId: number;
  method: string;
  route: string;
  path: string;
  item: string | null;
  title: string | null;
  status: number;
  at: string;
}

/** The item a write was about: its path's id or date, else the id its answer carries. */
function itemOf(ctx: Context, body: unknown): string | null {
  const params = (ctx as { params?: Record<string, string | undefined> }).params ?? {};
  const fromPath = params.id ?? params.date;
  if (fromPath) return fromPath.slice(0, 64);
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 64) : null;
}

function titleOf(body: unknown): string | null {
  const title = (body as { title?: unknown; devotionalTitle?: unknown } | null)?.title ?? (body as { devotionalTitle?: unknown } | null)?.devotionalTitle;
  return typeof title === 'string' ? title.slice(0, 200) : null;
}

/**
 * Records every write an editor made that succeeded (2xx) on the desk's Activity: who, which call
 * (the route as declared, e.g. `PUT /api/blog/:id/featured`), which item, when. It runs inside the
 * idempotency middleware, so a keyed write and its record commit in one transaction, and a replay
 * (answered from the stored answer, not run) is not recorded twice. Any route guarded by
 * requireEditor counts, with nothing to add to the route itself.
 */
export function editorActivity(record: (write: EditorWrite) => Promise<void>): Middleware {
  return async (ctx, next) => {
    await next();
    if (!WRITES.has(ctx.method) || ctx.status < 200 || ctx.status >= 300) return;
    const actorId = editorActing(ctx);
    if (actorId === null) return;
    const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    await record({
      actorId,
      method: ctx.method,
      route: (typeof matched === 'string' ? matched : ctx.path).slice(0, 120),
      path: ctx.path.slice(0, 300),
      item: itemOf(ctx, ctx.body),
      title: titleOf(ctx.body),
      status: ctx.status,
      at: nowIso(),
    });
  };
}
