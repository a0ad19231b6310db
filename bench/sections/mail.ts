// Mail (docs/decisions/016-outgoing-mail.md, 017): (a) one post sent as a newsletter to 10 000
// confirmed subscribers, from the editor's POST /api/newsletter/sends to the last message accepted
// by an SMTP sink on loopback (a real SMTP conversation per message, bench/lib/smtp-sink.ts):
// the time to queue, the wall time, messages/s and the server's peak memory, with the rate limit
// out of reach (the sender's capacity; MAIL_RATE_PER_SECOND sets the real pace). (b) What the
// double opt-in adds to POST /api/newsletter: a new address (a row and its confirmation mail
// queued in one transaction) beside an address already confirmed (no write, no mail) and a bare
// node:http server answering the same bytes; sequential over one kept-alive connection. (c) POST
// /api/auth/forgot-password for a login that has an account (a token and a mail queued) and for
// one that has none, interleaved: the answer is the same, and its time must not tell them apart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordedResponse } from '../bare-server';
import { createDb, migrate } from '#api/db';
import { prng } from '#e2e/support/prng';
import type { BenchContext, BenchSection } from '../lib/context';
import { blogPost } from '../lib/corpus';
import { createBenchDatabase } from '../lib/database';
import { int, mb, ms, percentile, table } from '../lib/format';
import { startSmtpSink } from '../lib/smtp-sink';
import { startChild, type ChildServer } from '../lib/processes';
import { appServerEnv, editorSession } from './shared';

const CHUNK = 500;
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec));

async function timedPosts(runs: number, url: string, body: (i: number) => string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-encoding': 'identity' }, body: body(i) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`mail bench: ${res.status} ${url}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function run(ctx: BenchContext): Promise<void> {
  const subscribers = ctx.quick ? 1_000 : 10_000;
  const runs = ctx.quick ? 50 : 300;
  const database = await createBenchDatabase(ctx, 'mail');
  const db = createDb(database.config);
  const at = new Date().toISOString();
  let postId = 0;
  try {
    await migrate(db);
    await db.transaction(async (trx) => {
      const [row] = await trx('blog_posts').insert({ ...blogPost(prng(11), 0), status: 'published', is_external: false, substack_url: null, published_at: at }).returning('id');
      postId = Number(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
      for (let first = 0; first < subscribers; first += CHUNK) {
        const rows = [];
        for (let i = first; i < Math.min(subscribers, first + CHUNK); i++) rows.push({ email: `reader${i}@bench.example`, created_at: at, confirmed_at: at });
        await trx('newsletter_subscriptions').insert(rows);
      }
    });
  } finally {
    await db.destroy();
  }

  const sink = await startSmtpSink();
  const env = {
    ...appServerEnv(ctx, database.url, { seed: false }),
    SMTP_URL: sink.url,
    MAIL_FROM: 'context is key <no-reply@bench.example>',
    MAIL_RATE_PER_SECOND: '1000',
    ANON_WRITE_RATE_LIMIT: '1000000000',
    AUTH_RATE_LIMIT: '1000000000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000000000',
    USER_WRITE_RATE_LIMIT: '1000000000',
  };
  const server = await startChild('mail', 'app-server.ts', { env });
  try {
    console.log(`  ${int(subscribers)} confirmed subscribers, one published post; SMTP sink at ${sink.url}; MAIL_RATE_PER_SECOND at its maximum (1000)`);
    const { username, cookie } = await editorSession(server.url, database.config, 'mail');
    const headers = { cookie, accept: 'application/json', 'content-type': 'application/json' };

    // (a) The send.
    const t0 = performance.now();
    const created = await fetch(`${server.url}/api/newsletter/sends`, { method: 'POST', headers, body: JSON.stringify({ postId }) });
    if (created.status !== 202) throw new Error(`mail bench: POST /api/newsletter/sends answered ${created.status}: ${await created.text()}`);
    const { id, recipients } = (await created.json()) as { id: number; recipients: number };
    const queuedMs = performance.now() - t0;
    let status = { status: 'sending', sent: 0, pending: recipients, failed: 0 };
    while (status.status !== 'finished') {
      await sleep(100);
      status = (await (await fetch(`${server.url}/api/newsletter/sends/${id}`, { headers })).json()) as typeof status;
    }
    const wallMs = performance.now() - t0;
    const perSecond = status.sent / ((wallMs - queuedMs) / 1000);
    const peak = server.peakRss();
    console.log();
    console.log(
      table(
        ['send to subscribers', 'recipients', 'queued in', 'wall time', 'messages/s', 'sent', 'failed', 'sink got', 'SMTP connections', 'server peak RSS'],
        [[`post ${postId}`, int(recipients), ms(queuedMs), `${(wallMs / 1000).toFixed(1)} s`, int(perSecond), int(status.sent), int(status.failed), int(sink.messages()), int(sink.connections()), mb(peak)]],
      ),
    );
    console.log(`  at the default MAIL_RATE_PER_SECOND=10 the same send takes ${Math.ceil(recipients / 10 / 60)} minutes: the rate, not the sender, sets the pace.`);
    ctx.summary.push({
      section: 'mail',
      label: `newsletter to ${int(recipients)} subscribers`,
      value: `queued in ${ms(queuedMs)}, all sent in ${(wallMs / 1000).toFixed(1)} s (${int(perSecond)} messages/s), peak RSS ${mb(peak)}`,
    });

    // (b) POST /api/newsletter: a new address, an address already confirmed, the bare server.
    const subscribe = `${server.url}/api/newsletter`;
    const tag = crypto.randomBytes(3).toString('hex');
    await timedPosts(5, subscribe, (i) => JSON.stringify({ email: `warm${i}-${tag}@bench.example` }));
    const fresh = await timedPosts(runs, subscribe, (i) => JSON.stringify({ email: `new${i}-${tag}@bench.example` }));
    const known = await timedPosts(runs, subscribe, () => JSON.stringify({ email: 'reader1@bench.example' }));
    const answer = await fetch(subscribe, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' }, body: JSON.stringify({ email: 'reader1@bench.example' }) });
    const recorded: RecordedResponse[] = [
      { path: '/api/newsletter', status: answer.status, contentType: answer.headers.get('content-type') ?? '', bodyBase64: Buffer.from(await answer.arrayBuffer()).toString('base64') },
    ];
    const file = path.join(ctx.tmpDir, 'newsletter-responses.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    let bare: ChildServer | null = null;
    let bareTimes: number[] = [];
    try {
      bare = await startChild('bare', 'bare-server.ts', { args: [file], env: { HOST: '127.0.0.1', PORT: '0' } });
      await timedPosts(5, `${bare.url}/api/newsletter`, () => '{"email":"a@b.example"}');
      bareTimes = await timedPosts(runs, `${bare.url}/api/newsletter`, () => '{"email":"a@b.example"}');
    } finally {
      await bare?.stop();
    }
    const p = (t: number[]) => [ms(percentile(t, 50)), ms(percentile(t, 95))];
    console.log();
    console.log(
      table(
        ['POST /api/newsletter', 'p50', 'p95'],
        [
          ['new address (row + confirmation mail queued)', ...p(fresh)],
          ['address already confirmed (nothing written)', ...p(known)],
          ['bare node:http, same bytes', ...p(bareTimes)],
        ],
      ),
    );
    const added = percentile(fresh, 50) - percentile(known, 50);
    console.log(`  the confirmation mail adds ${ms(added)} at p50 to a new address (${runs} requests each, one after the other).`);
    ctx.summary.push({
      section: 'mail',
      label: 'POST /api/newsletter',
      value: `new address p50 ${ms(percentile(fresh, 50))} (confirmed ${ms(percentile(known, 50))}, bare ${ms(percentile(bareTimes, 50))}): the mail adds ${ms(added)}`,
    });

    // (c) A forgotten password: known and unknown logins, one after the other, interleaved.
    const forgot = (login: string) => JSON.stringify({ login });
    const knownLogin: number[] = [];
    const unknownLogin: number[] = [];
    for (let i = 0; i < runs; i++) {
      knownLogin.push(...(await timedPosts(1, `${server.url}/api/auth/forgot-password`, () => forgot(username))));
      unknownLogin.push(...(await timedPosts(1, `${server.url}/api/auth/forgot-password`, () => forgot(`nobody_${i}_${tag}`))));
    }
    knownLogin.sort((a, b) => a - b);
    unknownLogin.sort((a, b) => a - b);
    console.log();
    console.log(
      table(
        ['POST /api/auth/forgot-password (202, the same answer)', 'p50', 'p95'],
        [
          ['a login with an account (token + mail queued)', ...p(knownLogin)],
          ['a login with none', ...p(unknownLogin)],
        ],
      ),
    );
    ctx.summary.push({
      section: 'mail',
      label: 'forgot-password, known vs unknown login',
      value: `p50 ${ms(percentile(knownLogin, 50))} vs ${ms(percentile(unknownLogin, 50))} (${runs} each, interleaved)`,
    });
  } finally {
    ctx.peakRss.set('mail', server.peakRss());
    await server.stop();
    await sink.close();
  }
}

export const mail: BenchSection = { name: 'mail', title: 'Newsletter: a send to 10 000 subscribers, and what the opt-in adds to subscribing', run };
