// The real server as a user runs it (`npm start`), in a process group of its own,
// for tests that stop it with signals; and a small HTTP client over node:http with keep-alive
// connections (like a browser's six per host) that keeps the session cookie and reports
// connection errors (reset, refused) as they are, instead of fetch's generic "fetch failed".
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** A port that was free a moment ago on 127.0.0.1 (listen on 0, note the port, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** The `npm start` process; its pid is also the id of the process group. */
  child: ChildProcess;
  pgid: number;
  origin: string;
  /** stdout and stderr of the whole group so far, each line prefixed with its stream. */
  output: () => string;
  /** How the `npm start` process ended (npm's own exit: it does not wait for the server on SIGTERM). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnServerOptions {
  port: number;
  /** `sqlite:/path/file.sqlite` or `postgres://…` */
  databaseUrl: string;
  uploadDir: string;
  distDir: string;
  env?: Record<string, string>;
}

// A safety net beside the tests' afterEach: a test worker that ends abruptly leaves no server behind.
const spawnedGroups = new Set<number>();
function killSpawnedGroups(): void {
  for (const pgid of spawnedGroups) signalGroup(pgid, 'SIGKILL');
}

/** Starts `npm start` from the repository root, as a user does, detached into its own process group. */
export function spawnServer(opts: SpawnServerOptions): ServerProcess {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      DATABASE_URL: opts.databaseUrl,
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT: '100000',
      LOGIN_ACCOUNT_RATE_LIMIT: '100000',
      ANON_WRITE_RATE_LIMIT: '100000',
      USER_WRITE_RATE_LIMIT: '100000',
      NODE_ENV: 'test',
      UPLOAD_DIR: opts.uploadDir,
      DIST_DIR: opts.distDir,
      ...opts.env,
    },
  });
  if (child.pid === undefined) throw new Error('could not spawn npm start');
  const pgid = child.pid;
  if (spawnedGroups.size === 0) process.once('exit', killSpawnedGroups);
  spawnedGroups.add(pgid);
  const lines: string[] = [];
  const t0 = Date.now();
  const collect = (stream: 'out' | 'err') => (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) lines.push(`[+${((Date.now() - t0) / 1000).toFixed(2)}s ${stream}] ${line}`);
    }
  };
  child.stdout?.on('data', collect('out'));
  child.stderr?.on('data', collect('err'));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, pgid, origin: `http://127.0.0.1:${opts.port}`, output: () => lines.join('\n'), exited };
}

/**
 * The processes of a group that are still running (zombies, which have exited and only wait to
 * be reaped, are not counted). Reads /proc; elsewhere falls back to "is any member signalable".
 */
export function liveGroupMembers(pgid: number): number[] {
  if (!fs.existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch {
      return [];
    }
  }
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') members.push(Number(entry));
  }
  return members;
}

/** Waits until no process of the group runs; the milliseconds that took, or null at the timeout. */
export async function waitForGroupGone(pgid: number, timeoutMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (liveGroupMembers(pgid).length === 0) return performance.now() - start;
    await sleep(25);
  }
  return liveGroupMembers(pgid).length === 0 ? performance.now() - start : null;
}

/** Sends a signal to every process of the group; a group that is gone already is fine. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** SIGKILL to the group, then wait (bounded) until it is gone: for afterEach, also after a failure. */
export async function killGroup(server: ServerProcess): Promise<void> {
  signalGroup(server.pgid, 'SIGKILL');
  await waitForGroupGone(server.pgid, 10_000);
  spawnedGroups.delete(server.pgid);
  if (spawnedGroups.size === 0) process.off('exit', killSpawnedGroups);
  server.child.stdout?.destroy();
  server.child.stderr?.destroy();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 50 ms until it gives something truthy; `context` adds to the timeout's message (a server's output). */
export async function until<T>(what: string, probe: () => T | Promise<T>, { timeoutMs = 15_000, context }: { timeoutMs?: number; context?: () => string | undefined } = {}): Promise<NonNullable<T>> {
  const start = performance.now();
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}${context ? `; output:\n${context() ?? ''}` : ''}`);
    await sleep(50);
  }
}

/** Polls `probe` every 20 ms until it gives something truthy, and returns it (the mail tests' wait). */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** Cookies of one origin and keep-alive connections to it (at most six, like a browser). */
export class HttpClient {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    readonly origin = `http://127.0.0.1:${port}`,
  ) {}

  /** Drops every connection (after the server went away); the cookies stay. */
  resetConnections(): void {
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  }

  private headersFor(method: string, payload: Buffer | undefined, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { ...extra };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= this.origin;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return headers;
  }

  private answer(res: http.IncomingMessage): Promise<HttpAnswer> {
    return new Promise<HttpAnswer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const pair = line.split(';')[0]!;
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq).trim();
          const value = pair.slice(eq + 1).trim();
          if (!value || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
          else this.cookies.set(name, value);
        }
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        if ((res.headers['content-type'] ?? '').includes('json') && text) {
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
  }

  request(method: string, urlPath: string, opts: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<HttpAnswer> {
    const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
    const headers = this.headersFor(method, payload, opts.headers);
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path: urlPath, headers, agent: this.agent }, (res) => {
        this.answer(res).then(resolve, reject);
      });
      req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /**
   * A JSON POST on a connection of its own whose body arrives slowly, like a comment sent from a
   * phone on a poor connection: the headers go first with `Expect: 100-continue`, so `started`
   * resolves once the server has read them (the request is then in progress on the server), then
   * half of the body; the rest only on `finish()`.
   */
  slowPost(urlPath: string, body: unknown, extraHeaders: Record<string, string>, timeoutMs = 30_000) {
    const payload = Buffer.from(JSON.stringify(body));
    const headers = this.headersFor('POST', payload, { ...extraHeaders, expect: '100-continue' });
    const half = Math.floor(payload.length / 2);
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let req: http.ClientRequest | undefined;
    const answer = new Promise<HttpAnswer>((resolve, reject) => {
      req = http.request({ host: '127.0.0.1', port: this.port, method: 'POST', path: urlPath, headers, agent: false }, (res) => {
        this.answer(res).then(resolve, reject);
      });
      req.setTimeout(timeoutMs, () => req!.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })));
      req.on('error', reject);
      req.once('continue', () => {
        req!.write(payload.subarray(0, half));
        markStarted();
      });
      req.flushHeaders();
    });
    return { started, answer, finish: () => void req?.end(payload.subarray(half)) };
  }

  destroy(): void {
    this.agent.destroy();
  }
}

/** Polls a public GET until the server answers 200 (or the process ends, or the time is up). */
export async function waitUntilServing(server: ServerProcess, client: HttpClient, timeoutMs: number): Promise<void> {
  const start = performance.now();
  let exited = false;
  void server.exited.then(() => (exited = true));
  let last = '';
  while (performance.now() - start < timeoutMs) {
    if (exited && liveGroupMembers(server.pgid).length === 0) break;
    try {
      const res = await client.request('GET', '/api/videos?limit=1', { timeoutMs: 5_000 });
      if (res.status === 200) return;
      last = `HTTP ${res.status} ${res.text.slice(0, 200)}`;
    } catch (err) {
      last = String((err as Error).message);
    }
    await sleep(200);
  }
  throw new Error(`the server did not start serving (last: ${last}); its output:\n${server.output()}`);
}

/** One API host of a test that runs the real server: its `npm start` process and a client for it. */
export interface Host {
  server: ServerProcess;
  client: HttpClient;
}
