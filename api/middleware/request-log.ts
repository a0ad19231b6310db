import type { Context, Next } from 'koa';

/** One line per request: method, path, status, milliseconds. */
export function requestLog(enabled: boolean) {
  return async (ctx: Context, next: Next) => {
    if (!enabled) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = (performance.now() - started).toFixed(1);
      const key = ctx.get('Idempotency-Key');
      process.stdout.write(`${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms${key ? ` key=${key}` : ''}\n`);
    }
  };
}
