import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '#api/app';
import { loadConfig, type AppConfig } from '#api/config';
import { createDb, type Db } from '#api/db';
import { createEventBus, type EventBus } from '#api/lib/event-bus';
import { createTestDatabase } from './test-db';

export interface TestApp {
  url: string;
  db: Db;
  config: AppConfig;
  events: EventBus;
  /** A new API client with its own cookie jar (one per simulated browser). */
  client: () => ApiClient;
  close: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * Another app's database: this app gets its own Knex pool on it (as a second process would)
   * and leaves the database to that app to drop.
   */
  sameDatabaseAs?: TestApp;
}

/** The real app on 127.0.0.1 and an ephemeral port, over a fresh database of its own (or another app's). */
export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const shared = opts.sameDatabaseAs;
  const { db, database, drop } = shared
    ? (() => {
        const own = createDb(shared.config.database);
        return { db: own, database: shared.config.database, drop: () => own.destroy() };
      })()
    : await createTestDatabase();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-uploads-'));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      // Other suites make many calls from one address; the limits have their own tests.
      AUTH_RATE_LIMIT: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      ANON_WRITE_RATE_LIMIT: '100000',
      USER_WRITE_RATE_LIMIT: '100000',
      // Tests change rows directly and read them back at once; the cache has its own test.
      PUBLIC_CACHE_MS: '0',
      UPLOAD_DIR: uploadDir,
      DIST_DIR: path.join(uploadDir, 'no-dist'),
      ...opts.env,
    }),
    database,
  };
  const events = createEventBus(database, db);
  await events.ready;
  const app = createApp({ config, db, events });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    db,
    config,
    events,
    client: () => new ApiClient(url),
    close: async () => {
      await events.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test app of a file (or of a describe block, where it is called): vitest's beforeAll starts
 * it and afterAll closes it, so a file says `const app = useTestApp()` once instead of the hooks.
 * What it returns stands for the app at module level: each field is read from the started app when
 * a hook or a test reads it, and throws if read before beforeAll started it or after it closed.
 * Hooks registered after this call run after the start and before the close (vitest runs the
 * after-hooks in reverse), so a file's own setup may use the app and its teardown still has it.
 */
export function useTestApp(opts: StartOptions = {}): TestApp {
  let started: TestApp | undefined;
  let closed = false;
  const current = (): TestApp => {
    if (started) return started;
    throw new Error(closed ? 'the test app is used after it was closed' : 'the test app is used before beforeAll started it');
  };
  const close = async () => {
    const app = started;
    started = undefined;
    closed = true;
    await app?.close();
  };
  beforeAll(async () => {
    started = await startTestApp(opts);
    closed = false;
  });
  afterAll(close);
  return {
    get url() {
      return current().url;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get events() {
      return current().events;
    },
    client: () => current().client(),
    // A test that closes the app itself (to see what a stopped server does) leaves afterAll nothing to close.
    close: async () => {
      current();
      await close();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Raw body (Buffer or string) sent as is, instead of JSON. */
  raw?: Buffer | string;
}

/** A tiny fetch wrapper that keeps cookies like a browser does for one origin. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(public readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  getCookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = any>(method: string, urlPath: string, body?: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let payload: BodyInit | undefined;
    if (opts.raw !== undefined) payload = opts.raw as BodyInit;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(urlPath.startsWith('http') ? urlPath : this.baseUrl + urlPath, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(p: string, opts?: RequestOptions) {
    return this.request<T>('GET', p, undefined, opts);
  }
  post<T = any>(p: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('POST', p, body, opts);
  }
  put<T = any>(p: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('PUT', p, body, opts);
  }
  patch<T = any>(p: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('PATCH', p, body, opts);
  }
  delete<T = any>(p: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>('DELETE', p, body, opts);
  }
}

let counter = 0;
/** A unique, valid username for a test (3-20 letters, digits, underscores). */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}`.slice(0, 20);
}

/** Signs a new user up on the given client and returns the user. */
export async function signUp(client: ApiClient, username = uniqueName(), extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/auth/signup', { username, email: `${username.toLowerCase()}@example.com`, password: 'Password1!', ...extra });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return res.body as { id: number; username: string; email: string; isEditor: boolean };
}
