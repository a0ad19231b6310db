import type { Middleware } from 'koa';
import ratelimit from 'koa-ratelimit';

/**
 * Per-client limit for sign-in and sign-up, against password guessing. Counters live in
 * process memory (DESIGN allows it): behind a load balancer each process counts on its own.
 */
export function authRateLimit(opts: { max: number; windowMs: number }): Middleware {
  return ratelimit({
    driver: 'memory',
    db: new Map(),
    duration: opts.windowMs,
    max: opts.max,
    id: (ctx) => ctx.ip,
    errorMessage: { message: 'Too many attempts. Please wait a few minutes and try again.' } as unknown as string,
    headers: { remaining: 'RateLimit-Remaining', reset: 'RateLimit-Reset', total: 'RateLimit-Limit' },
  }) as Middleware;
}
