import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { parseNumericParam } from '../lib/params';
import { requireSelf, requireUser } from './auth';
import { inputOf, validInput } from './input';

/**
 * A route for the signed-in reader's own data, named by `:userId` in its path: 401 without a
 * session, 400 when it is not an id, 403 when it is someone else's. The handler reads the reader
 * with `actorId(ctx)`.
 */
export const ownDataInPath: Middleware[] = [requireUser, requireSelf((ctx) => parseNumericParam('userId', ctx.params.userId))];

/**
 * A request whose JSON body (or, with `from`, its query) names the reader as `userId`: 401 without
 * a session, then 400 for input that does not fit `schema`, then 403 for someone else's userId.
 * The handler reads the parsed input with `inputOf(ctx, schema)`.
 */
export function ownInput(schema: z.core.$ZodType<{ userId?: number }>, from?: (ctx: Context) => unknown): Middleware[] {
  return [requireUser, validInput(schema, from), requireSelf((ctx) => inputOf(ctx, schema).userId)];
}
