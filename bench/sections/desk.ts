// The editor's desk with a large blog: 10 000 posts (a tenth drafts, one in twenty scheduled) in a
// database of its own, the app server on it, and an editor's session. Time to the desk's first
// rows: its list (GET /api/blog?status=…&limit=21, a page of 20 and one more to know whether
// another follows, as the desk asks) and its search (the same with &q=, through the full-text
// index), beside a bare node:http server answering the same bytes from memory (bare-server.ts);
// and saving a post (PUT with its version: the UPDATE, the version kept in its history, the
// pruning to 20). p50 and p95, one editor, sequential, one kept-alive connection.
import fs from 'node:fs';
import path from 'node:path';
import type { RecordedResponse } from '../bare-server';
import { createDb, migrate } from '#api/db';
import type { BenchContext, BenchSection } from '../lib/context';
import { blogPost } from '../lib/corpus';
import { prng } from '#e2e/support/prng';
import { createBenchDatabase } from '../lib/database';
import { int, ms, percentile, table } from '../lib/format';
import { startChild, type ChildServer } from '../lib/processes';
import { appServerEnv, editorSession } from './shared';

const CHUNK = 500;
/** The desk's page (pwa/features/blog-admin/api/get-admin-posts.ts): 20 rows, and one more to tell whether another page follows. */
const FIRST_ROWS = 21;
/** What an editor types in the desk's search: a common word, a prefix, two words, a rare word, nothing that matches. */
const SEARCHES = ['grace', 'resur', 'covenant grace', 'perichoresis', 'qwertyuiop'];
/** Neither side compresses (as in api-throughput): the bytes timed are the same on both. */
const NO_COMPRESSION = { 'accept-encoding': 'identity' };

async function timed(runs: number, request: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`desk bench: ${res.status} ${res.url}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function run(ctx: BenchContext): Promise<void> {
  const posts = ctx.quick ? 2_000 : 10_000;
  const runs = ctx.quick ? 20 : 100;
  const database = await createBenchDatabase(ctx, 'desk');
  const db = createDb(database.config);
  const rand = prng(7);
  const now = Date.now();
  try {
    await migrate(db);
    await db.transaction(async (trx) => {
      for (let first = 0; first < posts; first += CHUNK) {
        const rows = [];
        for (let i = first; i < Math.min(posts, first + CHUNK); i++) {
          // Every row names its status: a multi-row INSERT takes its columns from all the rows.
          const row = { ...blogPost(rand, i), status: 'published' };
          const draw = rand();
          rows.push(draw < 0.1 ? { ...row, status: 'draft' } : draw < 0.15 ? { ...row, published_at: new Date(now + (1 + i) * 60_000).toISOString() } : row);
        }
        await trx('blog_posts').insert(rows);
      }
    });
  } finally {
    await db.destroy();
  }
  console.log(`  ${int(posts)} posts (about 10% drafts, 5% scheduled) in a database of their own`);

  const server = await startChild('desk', 'app-server.ts', { env: appServerEnv(ctx, database.url, { seed: false }) });
  try {
    const { cookie } = await editorSession(server.url, database.config, 'desk');
    const headers = { cookie, accept: 'application/json', ...NO_COMPRESSION };
    const get = (base: string, pathname: string) => () => fetch(`${base}${pathname}`, { headers });

    // The desk's first rows: its list in each state, a page deep in it, and its search.
    const lists = ['all', 'draft', 'scheduled', 'published'].map((state) => `/api/blog?status=${state}&limit=${FIRST_ROWS}`);
    const deep = `/api/blog?status=all&limit=${FIRST_ROWS}&offset=${Math.floor((posts * 0.9) / 20) * 20}`;
    const searches = [
      ...SEARCHES.map((q) => `/api/blog?status=all&q=${encodeURIComponent(q)}&limit=${FIRST_ROWS}`),
      ...SEARCHES.slice(0, 2).map((q) => `/api/blog?status=draft&q=${encodeURIComponent(q)}&limit=${FIRST_ROWS}`),
    ];
    const paths = [...lists, deep, ...searches];
    const times = new Map<string, number[]>();
    const found = new Map<string, number>();
    for (const p of paths) {
      const answer = await (await get(server.url, p)()).json();
      found.set(p, (answer as unknown[]).length);
      await timed(3, get(server.url, p));
      times.set(p, await timed(runs, get(server.url, p)));
    }

    // The same bytes from memory: what any server on this machine needs for the round trip.
    const recorded: RecordedResponse[] = [];
    for (const p of paths) {
      const res = await get(server.url, p)();
      recorded.push({ path: p, status: res.status, contentType: res.headers.get('content-type') ?? '', bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64') });
    }
    const file = path.join(ctx.tmpDir, 'desk-responses.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    const bareTimes = new Map<string, number[]>();
    let bare: ChildServer | null = null;
    try {
      bare = await startChild('bare', 'bare-server.ts', { args: [file], env: { HOST: '127.0.0.1', PORT: '0' } });
      for (const p of paths) {
        await timed(3, get(bare.url, p));
        bareTimes.set(p, await timed(runs, get(bare.url, p)));
      }
    } finally {
      await bare?.stop();
    }

    const rows: string[][] = [];
    const sorted = (ps: string[], from: Map<string, number[]>) => ps.flatMap((p) => from.get(p)!).sort((a, b) => a - b);
    const figures = (t: number[]) => [ms(percentile(t, 50)), ms(percentile(t, 95))];
    for (const p of paths) rows.push([`GET ${decodeURIComponent(p)}`, String(found.get(p)), ...figures(times.get(p)!), ...figures(bareTimes.get(p)!)]);
    const listAll = times.get(lists[0]!)!;
    const searchAll = sorted(searches, times);
    rows.push([`every search above (${searches.length} × ${runs})`, '', ...figures(searchAll), ...figures(sorted(searches, bareTimes))]);
    ctx.summary.push({ section: 'desk', label: `desk list, first rows of ${int(posts)} posts`, value: `p50 ${ms(percentile(listAll, 50))}, p95 ${ms(percentile(listAll, 95))} (bare ${ms(percentile(bareTimes.get(lists[0]!)!, 50))})` });
    ctx.summary.push({ section: 'desk', label: `desk search, first rows of ${int(posts)} posts`, value: `p50 ${ms(percentile(searchAll, 50))}, p95 ${ms(percentile(searchAll, 95))} (bare ${ms(percentile(sorted(searches, bareTimes), 50))})` });

    // Saving: one post edited again and again from its current version (each save keeps a version and prunes to 20).
    const first = (await (await fetch(`${server.url}/api/blog?status=published&limit=1`, { headers })).json()) as Array<{ id: number }>;
    const id = first[0]!.id;
    const current = (await (await fetch(`${server.url}/api/blog/${id}?status=all`, { headers })).json()) as { version: number; content: string; category: string };
    let version = current.version;
    const save = async (i: number) => {
      const res = await fetch(`${server.url}/api/blog/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ title: `Saved ${i}`, content: current.content, excerpt: '', category: current.category, readTime: 5, version }),
      });
      version += 1;
      return res;
    };
    const saves = await timed(runs, save);
    rows.push([`PUT /api/blog/${id} (${runs} saves in a row)`, '', ms(percentile(saves, 50)), ms(percentile(saves, 95)), '', '']);
    ctx.summary.push({ section: 'desk', label: 'saving a post (PUT with its version)', value: `p50 ${ms(percentile(saves, 50))}, p95 ${ms(percentile(saves, 95))}` });

    console.log();
    console.log(table(['call (one editor, sequential)', 'rows', 'app p50', 'app p95', 'bare p50', 'bare p95'], rows));
    console.log('  the time to the whole answer of the first page (the rows the desk shows first), from the request to its last byte;');
    console.log('  bare: bare-server.ts answering the same recorded bytes from memory, over the same kind of connection.');
  } finally {
    await server.stop();
  }
}

export const desk: BenchSection = { name: 'desk', title: "The editor's desk: its list, its search and saving a post, with 10 000 posts", run };
