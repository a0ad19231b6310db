// A server of a test file's own that can be stopped and started again on the SAME origin: the same
// 127.0.0.1 port (IndexedDB, the service worker and the session cookie are per origin) and the
// same SQLite file. It runs in a child process (restartable-server-main.ts), so a stop can be a
// real crash (SIGKILL: requests in flight die half-way, nothing is cleaned up) as well as a clean
// shutdown (SIGTERM: in-flight requests finish, then the database closes).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { copyOfDist } from './dist';

/**
 * CHAOS_TRACE=<file>: every server line (with LOG_REQUESTS on) and every journey step go to this
 * file with the time, to tell after a failed run what reached the server when.
 */
export function traceLine(line: string): void {
  const file = process.env.CHAOS_TRACE;
  if (file) fs.appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'restartable-server-main.ts');

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface RestartableServer {
  /** http://127.0.0.1:{port}: the same for every start. */
  readonly url: string;
  readonly port: number;
  /** The SQLite file kept across restarts. */
  readonly databaseFile: string;
  /** Whether the server process is running and listening. */
  isUp: () => boolean;
  /** Starts it (again) on the same port and database; resolves once it listens. */
  start: () => Promise<void>;
  /** A clean stop (SIGTERM): requests in flight are answered, then it exits. */
  stop: () => Promise<void>;
  /** A crash (SIGKILL): requests in flight get no answer, nothing is cleaned up. */
  kill: () => Promise<void>;
  /** The server's last lines of output (for failure messages). */
  output: () => string;
  /** Kills it if running and deletes its folder (database, uploads, the copy of dist/). */
  close: () => Promise<void>;
}

/** Prepares a private copy of dist/ and a fresh SQLite file, picks a free port and starts the server there. */
export async function startRestartableServer(): Promise<RestartableServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-e2e-restartable-'));
  const distDir = path.join(dir, 'dist');
  try {
    await copyOfDist(distDir);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  let port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let listening = false;
  const lines: string[] = [];
  // A safety net beside close(): a test process that ends abruptly leaves no server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const remember = (line: string) => {
    traceLine(line);
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };

  const launch = async (): Promise<void> => {
    if (child) throw new Error('the server is already running');
    const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, CHAOS_SERVER_DIR: dir, CHAOS_SERVER_DIST: distDir, CHAOS_SERVER_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    void exited.then(() => {
      if (child === proc) child = null;
      listening = false;
    });
    readline.createInterface({ input: proc.stderr! }).on('line', (line) => remember(`[server stderr] ${line}`));
    const out = readline.createInterface({ input: proc.stdout! });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not listen on ${port} within 60 s:\n${lines.slice(-20).join('\n')}`)), 60_000);
      out.on('line', (line) => {
        remember(`[server] ${line}`);
        if (line.startsWith('listening ')) {
          clearTimeout(timer);
          listening = true;
          resolve();
        }
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it listened (code ${code}, signal ${signal}):\n${lines.slice(-20).join('\n')}`));
      });
    });
  };

  const start = async (): Promise<void> => {
    // The port was free when picked; a restart needs the same one, so wait for it rather than move.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await launch();
        return;
      } catch (err) {
        await exited;
        const inUse = lines.slice(-20).some((l) => l.includes('EADDRINUSE'));
        if (!inUse || attempt >= 10) throw err;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  const signal = async (sig: 'SIGTERM' | 'SIGKILL'): Promise<void> => {
    const proc = child;
    if (!proc) return;
    proc.kill(sig);
    // A clean stop waits for requests in flight; it never takes this long unless stuck.
    const force = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };

  try {
    await start();
  } catch (err) {
    // Picked just before, taken since by someone else: one more port, once.
    port = await freePort();
    try {
      await start();
    } catch {
      process.off('exit', killOnExit);
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    databaseFile: path.join(dir, 'e2e.sqlite'),
    isUp: () => child !== null && listening,
    start,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    output: () => lines.join('\n'),
    close: async () => {
      process.off('exit', killOnExit);
      await signal('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
