import type { Context, Middleware } from 'koa';
import { z } from 'zod';

type Schema = z.core.$ZodType;

/** The inputs parsed for this request, by the schema that parsed them. */
interface InputState {
  inputs?: Map<Schema, unknown>;
}

/**
 * Parses what the request sent (its JSON body unless `from` reads something else) with `schema`:
 * a 400 naming the field when it does not fit (see errors.ts). The handler reads the result with
 * `inputOf(ctx, schema)`, typed by the same schema.
 */
export function validInput(schema: Schema, from: (ctx: Context) => unknown = (ctx) => ctx.request.body): Middleware {
  return async (ctx, next) => {
    const state = ctx.state as InputState;
    (state.inputs ??= new Map()).set(schema, z.parse(schema, from(ctx)));
    await next();
  };
}

/** What `validInput(schema)` parsed for this request. */
export function inputOf<S extends Schema>(ctx: Context, schema: S): z.core.output<S> {
  const inputs = (ctx.state as InputState).inputs;
  if (!inputs?.has(schema)) throw new Error(`${ctx.method} ${ctx.path}: input read without validInput for its schema`);
  return inputs.get(schema) as z.core.output<S>;
}
