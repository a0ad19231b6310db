import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';
import { requireSelf } from './auth';

type Schema = z.core.$ZodType;

/** What a declared source parses to; `undefined` for a source the route does not declare. */
export type Parsed<S extends Schema | undefined> = S extends Schema ? z.core.output<S> : undefined;

/** A request's input, parsed by the schemas its route declares. */
export interface RouteInput<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/** What a route takes (contract/ schemas) and who may call it once that has parsed. */
export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  /** The path's named segments (`:id`…), as an object schema. */
  params?: P;
  /** The query string, as an object schema (a repeated key arrives as an array). */
  query?: Q;
  /** The JSON body (`{}` when none was sent). */
  body?: B;
  /** What `body` reads, when not the JSON body alone (a DELETE's `?userId=` for a client that cannot send a body). */
  bodyFrom?: (ctx: Context) => unknown;
  /**
   * The userId the request claims, read from the parsed input: `requireSelf`'s "is this you?"
   * check (401 without a session, 403 for anyone else; `undefined` claims no one).
   */
  self?: (input: RouteInput<P, Q, B>) => number | undefined;
  /** Middleware that decides who may call, run after the input parsed and the self-check (e.g. `requireEditor`, so a bad id or body is a 400 before a 403). */
  allow?: Middleware | Middleware[];
}

export type RouteHandler<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> = (
  ctx: Context,
  input: RouteInput<P, Q, B>,
) => unknown;

function parse(schema: Schema | undefined, value: unknown): unknown {
  return schema === undefined ? undefined : z.parse(schema, value);
}

/** Runs `middleware` one after another, then `last`, as Koa would. */
async function chain(ctx: Context, middleware: Middleware[], last: Next): Promise<void> {
  const step = async (i: number): Promise<void> => {
    const mw = middleware[i];
    if (!mw) {
      await last();
      return;
    }
    await mw(ctx, () => step(i + 1));
  };
  await step(0);
}

/**
 * The one way in at the API's edge: a route declares its params, query and body as schemas and
 * its handler gets them parsed and typed, `handler(ctx, { params, query, body })`. Middleware in
 * front of it (`requireUser`, `requireEditor`) runs first, so a request is refused in the API's
 * order: 401 (no session), 400 (params, then query, then body: the first that does not fit, as
 * errors.ts writes a zod error), 403 (`self`, then `allow`), 404 (the handler finds nothing, also
 * for a path id that is not one: see `pathIdSchema` in contract/common.ts).
 *
 *   router.get('/videos/:id', route({ params: z.object({ id: pathIdSchema }) }, async (ctx, { params }) => { … }));
 */
export function route<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  spec: RouteSpec<P, Q, B>,
  handler: RouteHandler<P, Q, B>,
): Middleware {
  const allow = spec.allow === undefined ? [] : [spec.allow].flat();
  return async (ctx) => {
    const input = {
      params: parse(spec.params, (ctx as { params?: unknown }).params ?? {}),
      query: parse(spec.query, ctx.query),
      body: parse(spec.body, spec.bodyFrom ? spec.bodyFrom(ctx) : (ctx.request.body ?? {})),
    } as RouteInput<P, Q, B>;
    const self = spec.self;
    const guards = self ? [requireSelf(() => self(input)), ...allow] : allow;
    await chain(ctx, guards, async () => {
      await handler(ctx, input);
    });
  };
}
