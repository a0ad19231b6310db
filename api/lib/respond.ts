import type { Context } from 'koa';

/**
 * Answers 200 with `value` as JSON, `null` included: Koa turns a null body into a 204 with no
 * content, but "nothing featured / nothing live" is a JSON null the client parses like any answer.
 */
export function sendJsonOrNull(ctx: Context, value: unknown): void {
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(value);
}
