// A server killed halfway through a newsletter loses no subscriber's copy and doubles at most the
// messages it had in flight (docs/decisions/016-outgoing-mail.md). The real server, started as a
// user starts it (`npm start`, its own process group), sends a post to 500 confirmed subscribers
// through a loopback SMTP server (tests/support/smtp-sink.ts); once half have arrived the whole
// group gets SIGKILL. A second server on the same database takes the queue over: every
// subscriber has the post, and the copies that arrived twice are no more than the messages that
// were claimed ("sending") when the first one died.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { rolesService } from '#api/modules/users/roles.service';
import { freePort, HttpClient, killGroup, spawnServer, until, waitForGroupGone, waitUntilServing, signalGroup, type ServerProcess } from '../support/server-process';
import { startSmtp, type Smtp } from '../support/smtp-sink';
import { createTestDatabase, databaseUrlOf, type TestDatabase } from '../support/test-db';

const SUBSCRIBERS = 500;

let tdb: TestDatabase | undefined;
let smtp: Smtp | undefined;
let dir = '';
const servers: ServerProcess[] = [];
let client: HttpClient | undefined;

beforeEach(async () => {
  tdb = await createTestDatabase();
  // Each copy held 20 ms before the answer: at the kill, several are on their way, some of them
  // already received but not yet answered (those the restart must send again).
  smtp = await startSmtp({ delayMs: 20 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-mail-crash-'));
});

afterEach(async () => {
  for (const server of servers.splice(0)) await killGroup(server);
  client?.destroy();
  await smtp?.close();
  await tdb?.drop();
  tdb = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

test('SIGKILL halfway through a send to 500: after a restart everyone has it, at most the in-flight messages twice', { timeout: 240_000 }, async () => {
  const db = tdb!.db;
  const sink = smtp!;
  const port = await freePort();
  const start = () => {
    const server = spawnServer({
      port,
      databaseUrl: databaseUrlOf(tdb!.database),
      uploadDir: path.join(dir, 'uploads'),
      distDir: path.join(dir, 'no-dist'),
      // 100 messages a second: the send lasts seconds, long enough to be killed halfway. A short
      // lease: the second server takes the queue over within seconds, not a minute.
      env: { SMTP_URL: sink.url, MAIL_RATE_PER_SECOND: '100', JOB_LEASE_MS: '1000', MAIL_DIR: path.join(dir, 'mail') },
    });
    servers.push(server);
    return server;
  };
  client = new HttpClient(port);

  // 1. The first server (it seeds the empty database), an editor, 500 confirmed subscribers.
  const first = start();
  await waitUntilServing(first, client, 90_000);
  const username = `crash_${crypto.randomBytes(3).toString('hex')}`;
  const signup = await client.request('POST', '/api/auth/signup', { body: { username, email: `${username}@example.com`, password: 'Password1!' } });
  expect(signup.status, signup.text).toBe(201);
  await rolesService(db).grantEditor(username);
  const at = new Date().toISOString();
  const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@crash.example`);
  for (let i = 0; i < addresses.length; i += 100) {
    await db('newsletter_subscriptions').insert(addresses.slice(i, i + 100).map((email) => ({ email, created_at: at, confirmed_at: at })));
  }
  const posts = await client.request('GET', '/api/blog?limit=1');
  const post = posts.json[0] as { id: number; title: string };

  // 2. The send, and SIGKILL to the whole group once half the copies have arrived.
  const created = await client.request('POST', '/api/newsletter/sends', { body: { postId: post.id } });
  expect(created.status, created.text).toBe(202);
  expect(created.json.recipients).toBe(SUBSCRIBERS);
  const sendId = Number(created.json.id);
  await until('half the copies', () => sink.received.length >= SUBSCRIBERS / 2, { timeoutMs: 60_000, context: first.output });
  signalGroup(first.pgid, 'SIGKILL');
  expect(await waitForGroupGone(first.pgid, 10_000)).not.toBeNull();
  const receivedAtKill = sink.received.length;
  const inFlight = Number((await db('outgoing_mail').where({ newsletter_send_id: sendId, status: 'sending' }).count({ n: '*' }).first())?.n ?? 0);
  expect(receivedAtKill).toBeLessThan(SUBSCRIBERS);

  // 3. A second server on the same database finishes the send.
  client.resetConnections();
  const second = start();
  await waitUntilServing(second, client, 90_000);
  const finished = await until(
    'the send to finish',
    async () => {
      const res = await client!.request('GET', `/api/newsletter/sends/${sendId}`);
      return res.status === 200 && res.json.status === 'finished' ? res.json : null;
    },
    { timeoutMs: 60_000, context: second.output },
  );
  expect(finished).toMatchObject({ sent: SUBSCRIBERS, pending: 0, failed: 0 });

  // 4. Everyone has it; the copies that came twice were in flight at the kill.
  const copies = new Map<string, number>();
  for (const mail of sink.received) {
    if (mail.subject !== post.title) continue;
    const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
    copies.set(to, (copies.get(to) ?? 0) + 1);
  }
  expect([...copies.keys()].sort()).toEqual([...addresses].sort());
  const doubled = [...copies.values()].filter((n) => n > 1).length;
  expect(Math.max(...copies.values())).toBeLessThanOrEqual(2);
  expect(doubled).toBeLessThanOrEqual(inFlight);
  // At most the sender's concurrency (4) was in flight: never a batch.
  expect(inFlight).toBeLessThanOrEqual(4);
  console.info(`[crash] killed at ${receivedAtKill}/${SUBSCRIBERS} received, ${inFlight} in flight, ${doubled} arrived twice`);
});
