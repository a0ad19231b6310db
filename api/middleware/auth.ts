import type { Context } from 'koa';
import { forbidden, unauthorized } from '../errors.js';

/** The signed-in user's id, from the session only; never from a body, path or query. */
export function sessionUserId(ctx: Context): number | null {
  const id = (ctx.session as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' ? id : null;
}

export function requireUserId(ctx: Context): number {
  const id = sessionUserId(ctx);
  if (id === null) throw unauthorized();
  return id;
}

/** A `userId` the client sent must be the signed-in user: 401 without a session, 403 for anyone else. */
export function requireSelf(ctx: Context, claimedUserId: number): number {
  const id = requireUserId(ctx);
  if (claimedUserId !== id) throw forbidden("You can only act on your own account's data.");
  return id;
}
