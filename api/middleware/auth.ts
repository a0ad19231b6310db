import type { Context, Middleware } from 'koa';
import { forbidden, unauthorized } from '../errors';

/** What the auth middleware leaves for the route's handler. */
interface AuthState {
  actorId?: number;
  /** Set by requireEditor: the request acts as an editor (its writes go on the desk's Activity). */
  actedAsEditor?: true;
}

/** The signed-in user's id, from the session only; never from a body, path or query. */
export function sessionUserId(ctx: Context): number | null {
  const id = (ctx.session as { userId?: unknown } | null)?.userId;
  return typeof id === 'number' ? id : null;
}

function signedInOr401(ctx: Context, message?: string): number {
  const id = sessionUserId(ctx);
  if (id === null) throw unauthorized(message);
  return id;
}

/** 401 without a session; the handler then reads the signed-in user's id with `actorId(ctx)`. */
export const requireUser: Middleware = async (ctx, next) => {
  (ctx.state as AuthState).actorId = signedInOr401(ctx);
  await next();
};

/** `requireUser` with its own 401 message (e.g. 'Please sign in as an editor.'). */
export function requireSignIn(message: string): Middleware {
  return async (ctx, next) => {
    (ctx.state as AuthState).actorId = signedInOr401(ctx, message);
    await next();
  };
}

/** The signed-in user's id on a route behind `requireUser`, `requireSelf` or `requireEditor`. */
export function actorId(ctx: Context): number {
  const id = (ctx.state as AuthState).actorId;
  if (id === undefined) throw new Error(`${ctx.method} ${ctx.path}: actorId read on a route without requireUser`);
  return id;
}

/**
 * The one "is this you?" check: the `userId` a client sent (in the path, query or body, as
 * `claimedUserId` reads it) must be the signed-in user. 401 without a session, 403 for anyone else;
 * `undefined` (no id claimed) passes. A route runs it with `route({ …, self })` (api/middleware/route.ts),
 * on the parsed input, so a malformed request is a 400 before it is a 403.
 */
export function requireSelf(claimedUserId: (ctx: Context) => number | undefined): Middleware {
  return async (ctx, next) => {
    const claimed = claimedUserId(ctx);
    if (claimed !== undefined) {
      const id = signedInOr401(ctx);
      if (claimed !== id) throw forbidden("You can only act on your own account's data.");
      (ctx.state as AuthState).actorId = id;
    }
    await next();
  };
}

/** Whether a user holds the editor role now; null when the account no longer exists. */
export type EditorLookup = (userId: number) => Promise<boolean | null>;

/**
 * 401 without a session (or when its account is gone), 403 for a signed-in non-editor. The role is
 * read at each request, so a grant or revoke counts from the next one.
 */
export function requireEditor(isEditor: EditorLookup, refusal = 'Only editors can manage blog posts.'): Middleware {
  return async (ctx, next) => {
    const id = signedInOr401(ctx, 'Please sign in as an editor.');
    const editor = await isEditor(id);
    if (editor === null) throw unauthorized('Your session has ended. Please sign in again.');
    if (!editor) throw forbidden(refusal);
    (ctx.state as AuthState).actorId = id;
    (ctx.state as AuthState).actedAsEditor = true;
    await next();
  };
}

/** Whether requireEditor let this request through: the id of the editor it acted as, else null. */
export function editorActing(ctx: Context): number | null {
  const state = ctx.state as AuthState;
  return state.actedAsEditor && state.actorId !== undefined ? state.actorId : null;
}
