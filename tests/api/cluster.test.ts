// Issue 9: `WEB_CONCURRENCY=2 npm start` runs two worker processes on one port. A worker that
// dies is replaced; SIGTERM to the process group (a terminal, systemd, a container runtime)
// stops every worker the way one server stops (decision 003, server-stop.test.ts): a request in
// flight is answered, then all exit by themselves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { freePort, HttpClient, killGroup, liveGroupMembers, signalGroup, spawnServer, waitForGroupGone, until as waitUntil, waitUntilServing, type ServerProcess } from '../support/server-process';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase | undefined;
let dir = '';
let server: ServerProcess | undefined;
const clients: HttpClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  if (server) await killGroup(server);
  await tdb?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  server = tdb = undefined;
});

const cmdline = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const parentOf = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};

/** The worker processes: node processes running `scripts/start.ts` whose parent does too (the primary). */
function workersOf(s: ServerProcess): number[] {
  const nodes = liveGroupMembers(s.pgid).filter((pid) => {
    const argv = cmdline(pid);
    return argv.includes('scripts/start.ts') && /(^|\/)node /.test(argv);
  });
  return nodes.filter((pid) => nodes.includes(parentOf(pid)));
}

/** The shared poll, with the server's output in its timeout message and 20 s to wait. */
const until = <T,>(what: string, probe: () => T | Promise<T>) => waitUntil(what, probe, { timeoutMs: 20_000, context: () => server?.output() });

const lines = (s: ServerProcess, text: string) => s.output().split('\n').filter((line) => line.includes(text)).length;

describe.skipIf(!fs.existsSync('/proc/self/stat'))('WEB_CONCURRENCY=2 npm start', () => {
  test('when started, then two workers serve one port; a worker that dies is replaced; SIGTERM answers the request in flight and stops them all', async () => {
    tdb = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-cluster-'));
    const port = await freePort();
    const databaseUrl = tdb.database.client === 'pg' ? tdb.database.connectionString : `sqlite:${tdb.database.filename}`;
    server = spawnServer({ port, databaseUrl, uploadDir: path.join(dir, 'uploads'), distDir: path.join(dir, 'no-dist'), env: { WEB_CONCURRENCY: '2' } });
    const client = new HttpClient(port);
    clients.push(client);
    await waitUntilServing(server, client, 60_000);
    await until('the start line', () => lines(server!, '[start] context is key is running at') === 1);
    expect(server.output()).toContain('(2 worker processes,');
    const workers = await until('two workers', () => (workersOf(server!).length === 2 ? workersOf(server!) : null));
    // Migrated and seeded once, by the primary, before the workers existed.
    expect(lines(server, '[seed]') + lines(server, '[migrate]')).toBeLessThanOrEqual(1);

    // One worker dies: the other goes on answering on the same port, and the primary starts another.
    process.kill(workers[0]!, 'SIGKILL');
    await until('the primary to see the worker end', () => lines(server!, `[cluster] worker ${workers[0]} ended`) === 1);
    client.resetConnections();
    expect((await client.request('GET', '/api/videos?limit=1')).status).toBe(200);
    await until('a replacement worker serving', () => lines(server!, 'is serving in place of one that ended') === 1);
    const replaced = workersOf(server);
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(workers[0]);
    expect(server.output()).toMatch(/\[cluster\] worker \d+ ended \(SIGKILL\) after \d+ ms: starting another in 250 ms/);

    // A signed-in reader's comment is on its way (headers read, half the body sent) when SIGTERM comes.
    const username = `cluster_${process.pid % 10000}`;
    const signup = await client.request('POST', '/api/auth/signup', { body: { username, email: `${username}@example.com`, password: 'Password1!' } });
    expect(signup.status, signup.text).toBe(201);
    const videos = await client.request('GET', '/api/videos?limit=1');
    const body = { userId: Number(signup.json.id), contentType: 'video', contentId: Number(videos.json[0].id), comment: 'sent as the deploy began' };
    const slow = client.slowPost('/api/comments', body, { 'Idempotency-Key': `cluster-${Date.now()}` });
    await slow.started;
    signalGroup(server.pgid, 'SIGTERM');
    await until('both workers to begin closing', () => lines(server!, '[server] SIGTERM: closing') === 2);
    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.comment).toBe(body.comment);

    const tookMs = await waitForGroupGone(server.pgid, 15_000);
    expect(tookMs, server.output()).not.toBeNull();
    expect(server.output()).toContain('[cluster] SIGTERM: stopping 2 worker(s)');
    expect(server.output()).not.toMatch(/did not (finish|stop)/);
    // The workers that stopped on SIGTERM were not replaced: only the one killed earlier ever ended unasked.
    expect(lines(server, 'starting another')).toBe(1);
  }, 120_000);
});
