// Live Q&A events (docs/decisions/012): how long a question takes from the POST that asks it to
// the `question` event on each open event stream (GET /api/live-streams/:id/events), with N
// pages watching. On one process, and on two: two app servers on one PostgreSQL database
// (LISTEN/NOTIFY), or on SQLite the two workers of WEB_CONCURRENCY=2 (the primary relays).
// Subscribers are spread over the processes; the questions are posted to the first one. Each
// subscriber is a reader of their own, as on a real live stream: the servers trust one proxy
// (TRUST_PROXY=1) and each subscriber names its own address in X-Forwarded-For, so neither the
// cap of event streams per address (EVENT_STREAMS_PER_ADDRESS, 6) nor the viewer count, which
// counts a reader once, sees one address (docs/decisions/012-live-events.md).
import path from 'node:path';
import { chromium } from 'playwright-core';
import { visitAndDismissAuth } from '#e2e/support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#e2e/support/browser';
import { copyOfDist } from '#e2e/support/dist';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { ms, percentile, table } from '../lib/format';
import { startChild, type ChildServer } from '../lib/processes';
import { openEventStream, type OpenEventStream } from '#tests/support/event-stream';
import { appServerEnv } from './shared';

interface Figures {
  /** Opening the N streams, one after the other. */
  openMs: number;
  /** Streams that were told the viewer count N (every reader counted once, on every process). */
  countedRight: number;
  median: number;
  p95: number;
  /** Per question, the time until the last subscriber had it; the median of those. */
  lastMedian: number;
  missed: number;
}

/** Reader i's address, as a proxy would name it: 10.0.0.0, 10.0.0.1, … (a different one for each of up to 2^24). */
const readerAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function measure(servers: string[], streamId: number, subscribers: number, questions: number): Promise<Figures> {
  const streams: OpenEventStream[] = [];
  try {
    const opening = performance.now();
    for (let i = 0; i < subscribers; i += 1) {
      const origin = servers[i % servers.length]!;
      const stream = await openEventStream(`${origin}/api/live-streams/${streamId}/events`, { 'X-Forwarded-For': readerAddress(i) });
      streams.push(stream);
      if (stream.status !== 200) throw new Error(`GET …/events for reader ${i}: ${stream.status}`);
    }
    const openMs = performance.now() - opening;
    const told = await Promise.all(
      streams.map((s) =>
        s.next((e) => e.event === 'viewers' && e.json?.count === subscribers, { timeoutMs: 10_000 }).then(
          () => true,
          () => false,
        ),
      ),
    );
    const all: number[] = [];
    const last: number[] = [];
    let missed = 0;
    for (let q = 0; q < questions; q += 1) {
      const marks = streams.map((s) => s.events.length);
      const sent = performance.now();
      const res = await fetch(`${servers[0]}/api/questions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: servers[0]! },
        body: JSON.stringify({ liveStreamId: streamId, askedBy: 'Bench', question: `Question ${q}?` }),
      });
      if (res.status !== 201) throw new Error(`POST /api/questions: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      const arrivals = await Promise.all(
        streams.map((s, i) =>
          s.next((e) => e.event === 'question' && e.json?.id === id, { from: marks[i], timeoutMs: 10_000 }).then(
            (e) => e.at - sent,
            () => null,
          ),
        ),
      );
      const got = arrivals.filter((a): a is number => a !== null);
      missed += arrivals.length - got.length;
      all.push(...got);
      if (got.length) last.push(Math.max(...got));
    }
    all.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    return { openMs, countedRight: told.filter(Boolean).length, median: percentile(all, 50), p95: percentile(all, 95), lastMedian: percentile(last, 50), missed };
  } finally {
    for (const s of streams) s.close();
  }
}

/**
 * From sending POST /api/questions (to `askAt`) to the question's text in an open /live-qa page
 * (on `watchAt`), in headless chromium: the event, the cache patch and React's render, up to the
 * next frame. Both clocks are this machine's.
 */
async function displayLatency(askAt: string, watchAt: string, streamId: number, rounds: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: watchAt });
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/live-qa');
    // The page's event stream is open once it shows the count of pages watching.
    await page.getByText(/^[\d,]+ viewers?$/).waitFor();
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const text = `Display ${i} at ${Date.now()}?`;
      await page.evaluate((wanted) => {
        (window as unknown as { seen: Promise<number> }).seen = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (!document.body.textContent?.includes(wanted)) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(Date.now()));
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      }, text);
      const sent = Date.now();
      const res = await fetch(`${askAt}/api/questions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: askAt },
        body: JSON.stringify({ liveStreamId: streamId, askedBy: 'Bench', question: text }),
      });
      if (res.status !== 201) throw new Error(`POST /api/questions: ${res.status} ${await res.text()}`);
      const shown = await page.evaluate(() => Promise.race([(window as unknown as { seen: Promise<number> }).seen, new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))]));
      times.push(shown - sent);
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  const counts = ctx.quick ? [10] : [10, 100, 300];
  const questions = ctx.quick ? 5 : 20;
  // The servers serve the app too: the display measure opens /live-qa on them.
  const distDir = path.join(ctx.tmpDir, 'live-events-dist');
  await copyOfDist(distDir);
  // TRUST_PROXY=1: each subscriber is a reader at an address of its own (see the top).
  const env = { ANON_WRITE_RATE_LIMIT: '1000000', PUBLIC_CACHE_MS: '0', DIST_DIR: distDir, TRUST_PROXY: '1' };

  const setups: { label: string; start: () => Promise<ChildServer[]> }[] = [
    {
      label: '1 process',
      start: async () => {
        const db = await createBenchDatabase(ctx, 'live_one');
        return [await startChild('live-one', 'app-server.ts', { env: { ...appServerEnv(ctx, db.url, { seed: true }), ...env } })];
      },
    },
    {
      label: ctx.dialect === 'pg' ? '2 processes, NOTIFY' : '2 workers (WEB_CONCURRENCY=2), relayed',
      start: async () => {
        const db = await createBenchDatabase(ctx, 'live_two');
        if (ctx.dialect === 'pg') {
          const first = await startChild('live-a', 'app-server.ts', { env: { ...appServerEnv(ctx, db.url, { seed: true }), ...env } });
          const second = await startChild('live-b', 'app-server.ts', { env: { ...appServerEnv(ctx, db.url, { seed: true }), ...env } });
          return [first, second];
        }
        return [await startChild('live-cluster', 'cluster-server.ts', { env: { ...appServerEnv(ctx, db.url, { seed: true }), ...env, WEB_CONCURRENCY: '2' } })];
      },
    },
  ];

  const rows: string[][] = [];
  const shownRows: string[][] = [];
  for (const setup of setups) {
    const servers = await setup.start();
    try {
      const current = (await (await fetch(`${servers[0]!.url}/api/live-streams/current`)).json()) as { id: number } | null;
      if (!current) throw new Error('the sample content has no live stream');
      for (const n of counts) {
        const f = await measure(
          servers.map((s) => s.url),
          current.id,
          n,
          questions,
        );
        rows.push([setup.label, String(n), ms(f.openMs), `${f.countedRight}/${n}`, ms(f.median), ms(f.p95), ms(f.lastMedian), String(f.missed)]);
        ctx.summary.push({ section: 'live-events', label: `${setup.label}, ${n} subscribers`, value: `median ${ms(f.median)}, p95 ${ms(f.p95)}`, verdict: f.p95 < 2000 && f.missed === 0 ? 'within 2 s' : 'over 2 s or missed' });
      }
      // Asked on the first process, watched on the last (the same one with a single process).
      const shown = (await displayLatency(servers[0]!.url, servers.at(-1)!.url, current.id, ctx.quick ? 3 : 10)).sort((a, b) => a - b);
      const missed = shown.filter((t) => Number.isNaN(t)).length;
      const seen = shown.filter((t) => !Number.isNaN(t));
      shownRows.push([setup.label, ms(percentile(seen, 50)), ms(percentile(seen, 95)), String(missed)]);
      ctx.summary.push({
        section: 'live-events',
        label: `${setup.label}: POST → shown in another open /live-qa page`,
        value: `median ${ms(percentile(seen, 50))}, p95 ${ms(percentile(seen, 95))}`,
        verdict: missed === 0 && percentile(seen, 95) < 2000 ? 'within 2 s' : 'over 2 s or missed',
      });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
  console.log();
  console.log(table(['setup', 'subscribers', 'opened in', 'told N viewers', 'median', 'p95', 'last subscriber (median)', 'missed'], rows));
  console.log(`  from sending POST /api/questions to the 'question' event on each stream; ${questions} questions, one after the other; the subscribers run in the bench's own process.`);
  console.log('  each subscriber is a reader at an address of its own (TRUST_PROXY=1, X-Forwarded-For: 10.x.y.z), within EVENT_STREAMS_PER_ADDRESS;');
  console.log("  'opened in': the N streams opened one after the other; 'told N viewers': streams that heard the count N (each reader once, on every process) within 10 s.");
  console.log();
  console.log(table(['setup', 'shown in a page: median', 'p95', 'missed'], shownRows));
  console.log("  from sending POST /api/questions to the question's text in an open /live-qa page (chromium, the frame after the DOM change).");
}

export const liveEvents: BenchSection = { name: 'live-events', title: 'Live Q&A events: POST to event on N subscribers', run };
