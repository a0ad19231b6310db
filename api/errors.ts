import type { Context, Middleware, Next } from 'koa';
import { z } from 'zod';

/** An expected failure with the status and message the client should see. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

interface DriverError {
  code?: string;
  errno?: number;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  message?: string;
}

/** Error codes of a client that went away mid-answer (a closed tab, an aborted fetch). */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** The client hung up while being answered: nothing failed on our side, so nothing to log. */
export const clientWentAway = (err: unknown): boolean => CLIENT_GONE.has((err as DriverError | null)?.code ?? '');

/** Unique and foreign-key violations of SQLite and PostgreSQL, mapped to one shape. */
export function constraintKind(err: unknown): 'unique' | 'foreign' | null {
  const e = err as DriverError;
  if (e?.code === '23505') return 'unique';
  if (e?.code === '23503') return 'foreign';
  if (e?.code === 'SQLITE_CONSTRAINT' || e?.code?.startsWith('SQLITE_CONSTRAINT')) {
    if (/UNIQUE/i.test(e.message ?? '')) return 'unique';
    if (/FOREIGN KEY/i.test(e.message ?? '')) return 'foreign';
  }
  return null;
}

function formatIssues(err: z.core.$ZodError): string {
  const first = err.issues[0];
  if (!first) return 'Invalid input';
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}

/** Maps any thrown error to a status and `{ message }` on the context. Returns false for a real server fault. */
export function applyError(ctx: Context, err: unknown): boolean {
  if (err instanceof AppError) {
    ctx.status = err.status;
    ctx.body = { message: err.message, ...err.extra };
    return true;
  }
  // $ZodError, not ZodError: the contract's zod/mini schemas throw the core error, which classic
  // ZodError extends (an API-local classic schema's error is one too).
  if (err instanceof z.core.$ZodError) {
    ctx.status = 400;
    ctx.body = { message: formatIssues(err), issues: err.issues };
    return true;
  }
  const kind = constraintKind(err);
  if (kind === 'unique') {
    ctx.status = 409;
    ctx.body = { message: 'That already exists.' };
    return true;
  }
  if (kind === 'foreign') {
    ctx.status = 400;
    ctx.body = { message: 'A referenced record does not exist.' };
    return true;
  }
  const e = err as DriverError;
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    ctx.status = status;
    ctx.body = { message: clientMessage(status, e) };
    return true;
  }
  ctx.status = 500;
  ctx.body = { message: 'Something went wrong on our side. Please try again.' };
  return false;
}

/**
 * A body parser that answers a body it cannot decode as a client error: bytes that are not what
 * their Content-Encoding (gzip, deflate, br) says fail in zlib, with no status of their own, and
 * would otherwise be a 500. An unknown encoding is already a 415 from the parser.
 */
export function decodingErrorsAsBadRequest(parser: Middleware): Middleware {
  return async (ctx, next) => {
    let parsed = false;
    try {
      await parser(ctx, async () => {
        parsed = true;
      });
    } catch (err) {
      const e = err as DriverError;
      const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
      const hasStatus = typeof (e?.status ?? e?.statusCode) === 'number';
      if (hasStatus || clientWentAway(err) || !encoding || encoding === 'identity') throw err;
      throw badRequest(`The request body could not be decoded as its Content-Encoding (${encoding}) says.`);
    }
    if (parsed) await next();
  };
}

/**
 * The one error middleware: every thrown error becomes `{ message }` with a status.
 * Client mistakes never surface as 500; unexpected errors are logged and hidden.
 * Unknown routes answer 404 JSON.
 */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { message: `No route for ${ctx.method} ${ctx.path}` };
    } else if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
      // The router's allowedMethods answer (its Allow header stays): JSON like every other error.
      const allow = ctx.response.get('Allow');
      ctx.body = {
        message: ctx.status === 405 ? `${ctx.method} is not allowed on ${ctx.path}.${allow ? ` Allowed: ${allow}.` : ''}` : `${ctx.method} is not supported.`,
      };
    }
  } catch (err) {
    if (!applyError(ctx, err)) ctx.app.emit('error', err, ctx);
  }
}

function clientMessage(status: number, e: DriverError): string {
  if (status === 413) return 'Request body is too large.';
  if (status === 415) return /Content-Encoding/i.test(e.message ?? '') ? 'Unsupported Content-Encoding: send the body as is, or gzip, deflate or br.' : 'Unsupported content type.';
  if (status === 400 && (e.type === 'entity.parse.failed' || /JSON/i.test(e.message ?? ''))) return 'Malformed JSON body.';
  return e.expose && e.message ? e.message : 'Bad request.';
}
