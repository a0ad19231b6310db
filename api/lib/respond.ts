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

/** Answers a write that sets a state: 201 when this request created the row, 200 when it was there (a replay). */
export function sendSaved(ctx: Context, value: unknown, created: boolean): void {
  ctx.status = created ? 201 : 200;
  ctx.body = value;
}
