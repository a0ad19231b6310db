import type * as z from 'zod/mini';

/**
 * A non-2xx answer. `message` reads '{status}: {body text}' (docs/product.md#messages-and-errors), or '{status}: {status text}'
 * when the body is empty; `serverMessage` is the JSON `message` the API sends with every error,
 * which is what a toast should show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
    /** The answer's headers (e.g. Retry-After, which the outbox honours). */
    readonly headers: Headers = new Headers(),
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, connection reset, CORS. Nothing reached the server, or we cannot know. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(readonly path: string, options?: { cause?: unknown }) {
    super(`Network error while requesting ${path}`, options);
  }
}

/** A 2xx answer whose body does not match the contract schema: a server/client version mismatch. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(readonly path: string, readonly issues: unknown, options?: { cause?: unknown }) {
    super(`Unexpected response from ${path}`, options);
  }
}

/** Where `/api` is: '' (this page's origin) in the browser; the server renderer's own address on the server. */
let apiBase = '';

/** For the server renderer (entry-server.tsx), which has no page origin to resolve '/api/…' against. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Told that a request sent at `sentAt` (performance.now()) was answered 401: no session on the server. */
export type SessionRefusalListener = (sentAt: number) => void;
const sessionRefusalListeners = new Set<SessionRefusalListener>();

/**
 * Hears the 401s the API gives this page (not a sign-in's, nor the outbox's: see
 * `reportsEndedSession`): to a page that believes someone is signed in, the server session has
 * ended, whichever call found it out (docs/product.md#states-and-transitions). Returns the
 * unsubscribe.
 */
export function onSessionRefused(listener: SessionRefusalListener): () => void {
  sessionRefusalListeners.add(listener);
  return () => sessionRefusalListeners.delete(listener);
}

interface BaseOptions {
  method?: Method;
  /** Sent as JSON. `undefined` sends no body. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The fetch to send with (the outbox's tests and the service worker pass their own); the global one by default. */
  fetch?: typeof fetch;
  /**
   * false: a 401 here is not news of an ended session, and onSessionRefused is not told: a sign-in's
   * 401 is a wrong password, and the outbox says 'Sign in to sync' itself. True by default.
   */
  reportsEndedSession?: boolean;
}

/**
 * A schema loaded when first needed, with zod: `() => import('./schemas').then((m) => m.postSchema)`.
 * What a page needs for its first screen leaves zod out that way: a page the server rendered
 * fetches nothing at first, and a page that fetches loads the schema beside its request
 * (docs/decisions/005-what-loads-first.md).
 */
export type SchemaLoader<S extends z.ZodMiniType> = () => Promise<S>;

type AnswerSchemas = typeof import('./answer-schemas');

/** The schema `name` of answer-schemas.ts, loaded when first needed. */
export const answerSchema =
  <K extends keyof AnswerSchemas>(name: K): SchemaLoader<AnswerSchemas[K]> =>
  () =>
    import('./answer-schemas').then((schemas) => schemas[name]);

interface SchemaOptions<S extends z.ZodMiniType> extends BaseOptions {
  /** The contract/ schema for the 2xx body, or how to load it. A 4xx/5xx body is never parsed into data. */
  schema: S | SchemaLoader<S>;
}

/**
 * `on401: 'null'` answers a 401 with null instead of throwing (docs/product.md#messages-and-errors: "A 401 on default reads
 * throws unless configured to give nothing"), for reads that are simply empty when signed out.
 */
export function apiFetch<S extends z.ZodMiniType>(path: string, options: SchemaOptions<S> & { on401: 'null' }): Promise<z.output<S> | null>;
export function apiFetch<S extends z.ZodMiniType>(path: string, options: SchemaOptions<S> & { on401?: 'throw' }): Promise<z.output<S>>;
/** Without a schema the body is not trusted as data: for writes whose answer is not used. */
export function apiFetch(path: string, options?: BaseOptions & { on401?: 'throw' | 'null' }): Promise<unknown>;
export async function apiFetch(
  path: string,
  options: BaseOptions & { schema?: z.ZodMiniType | SchemaLoader<z.ZodMiniType>; on401?: 'throw' | 'null' } = {},
): Promise<unknown> {
  const { method = 'GET', body, signal, on401 = 'throw' } = options;
  // A schema to load is asked for while the request is out. Its failure is this call's, read once
  // the answer is here (a request that failed first leaves it handled, never unhandled).
  const loadingSchema = typeof options.schema === 'function' ? options.schema() : null;
  loadingSchema?.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  const sentAt = performance.now();
  try {
    const send = options.fetch ?? globalThis.fetch;
    response = await send(apiBase + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    // A cancelled query is not a network failure; TanStack Query expects the AbortError itself.
    if (signal?.aborted) throw signal.reason ?? err;
    throw new NetworkError(path, { cause: err });
  }

  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new NetworkError(path, { cause: err });
  }

  if (!response.ok) {
    if (response.status === 401 && options.reportsEndedSession !== false) for (const listener of sessionRefusalListeners) listener(sentAt);
    if (response.status === 401 && on401 === 'null') return null;
    const json = parseJson(text);
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, messageIn(json), json ?? text, response.headers);
  }

  const schema = loadingSchema ? await loadingSchema : (options.schema as z.ZodMiniType | undefined);
  // Cancelled while its schema loaded: as a cancelled fetch, it never answers.
  if (signal?.aborted) throw signal.reason ?? new DOMException('The call was cancelled.', 'AbortError');
  if (!schema) return text ? (parseJson(text) ?? text) : undefined;
  const parsed = schema.safeParse(text ? parseJson(text) : undefined);
  if (!parsed.success) throw new ResponseShapeError(path, parsed.error.issues, { cause: parsed.error });
  return parsed.data;
}

/** The server's own words for a failed call, if it sent any (for toasts: "with the server message, else …"). */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The API's own words in an error body (its JSON `{message}`), if there are any: for answers read outside apiFetch (an upload's XHR). */
export function serverMessageInText(text: string): string | undefined {
  return messageIn(parseJson(text));
}

function messageIn(json: unknown): string | undefined {
  return isRecord(json) && typeof json.message === 'string' && json.message ? json.message : undefined;
}

/** `withQuery('/api/comments', { contentType: 'video', contentId: 3 })` → '/api/comments?contentType=video&contentId=3'; undefined values are left out. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
