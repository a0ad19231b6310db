// The real server (`npm start`, each host in a process group of its own, on 127.0.0.1) on a fresh
// test database, for the tests that run it as a user or a deploy does: one host, or two sharing
// the database. One function sets all of it up, and one `stop()` takes all of it down again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, HttpClient, killGroup, spawnServer, waitUntilServing, type Host } from './server-process';
import { createTestDatabase, databaseUrlOf, type TestDatabase } from './test-db';

export interface ServerOnTestDatabaseOptions {
  /** Names the temporary folder (`cik-<name>-…`) that holds the hosts' uploads. */
  name: string;
  /**
   * How many API hosts share the database; 1 unless told. Two are started together, as a deploy
   * starts them (both migrate and seed, one after the other), each on a port and a disk of its own.
   */
  hosts?: 1 | 2;
  /** Environment for every host, over spawnServer's (e.g. WEB_CONCURRENCY, PUBLIC_CACHE_MS). */
  env?: Record<string, string>;
  /** How long each host may take to answer its first request (the server's output is in the error). */
  startTimeoutMs?: number;
}

export interface ServerOnTestDatabase<Hosts extends Host[]> {
  /** The migrated database, also open in the test process (to read what the server wrote). */
  tdb: TestDatabase;
  /** The hosts' DATABASE_URL (as `npm run editor` is given it too). */
  databaseUrl: string;
  /** A temporary folder of the test's own: host A's uploads are in `uploads-A`, B's in `uploads-B`; no built app. */
  dir: string;
  /** Each host's `npm start` process and a client for it, serving. */
  hosts: Hosts;
  /**
   * Closes the clients, kills the process groups, drops the database and removes the folder: for
   * afterAll or afterEach, also after a failure or after the test killed a host itself; a second call waits on the first.
   */
  stop: () => Promise<void>;
}

/** A fresh test database and `npm start` on it; on a failure to start, whatever was started is stopped again. */
export function startServerOnTestDatabase(opts: ServerOnTestDatabaseOptions & { hosts: 2 }): Promise<ServerOnTestDatabase<[Host, Host]>>;
export function startServerOnTestDatabase(opts: ServerOnTestDatabaseOptions & { hosts?: 1 }): Promise<ServerOnTestDatabase<[Host]>>;
export async function startServerOnTestDatabase(opts: ServerOnTestDatabaseOptions): Promise<ServerOnTestDatabase<Host[]>> {
  const tdb = await createTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cik-${opts.name}-`));
  const databaseUrl = databaseUrlOf(tdb.database);
  const hosts: Host[] = [];
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      for (const host of hosts) {
        host.client.destroy();
        await killGroup(host.server);
      }
      await tdb.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  try {
    for (const name of ['A', 'B'].slice(0, opts.hosts ?? 1)) {
      const port = await freePort();
      const server = spawnServer({ port, databaseUrl, uploadDir: path.join(dir, `uploads-${name}`), distDir: path.join(dir, 'no-dist'), env: opts.env });
      hosts.push({ server, client: new HttpClient(port) });
    }
    await Promise.all(hosts.map((host) => waitUntilServing(host.server, host.client, opts.startTimeoutMs ?? 60_000)));
  } catch (err) {
    await stop();
    throw err;
  }
  return { tdb, databaseUrl, dir, hosts: [...hosts], stop };
}
