// `WEB_CONCURRENCY=2 npm start` (docs/decisions/009-uploads-and-jobs-in-the-database.md) runs two
// worker processes on one port. A worker that dies is replaced; SIGTERM to the process group (a
// terminal, systemd, a container runtime) stops every worker the way one server stops (decision
// 003, server-stop.test.ts): a request in flight is answered, then all exit by themselves.
import fs from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { liveGroupMembers, signalGroup, waitForGroupGone, until as waitUntil, type Host, type ServerProcess } from '../support/server-process';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

let running: ServerOnTestDatabase<[Host]> | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await running?.stop();
  running = server = undefined;
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
    running = await startServerOnTestDatabase({ name: 'cluster', env: { WEB_CONCURRENCY: '2' }, startTimeoutMs: 60_000 });
    const [host] = running.hosts;
    server = host.server;
    const { client } = host;
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
