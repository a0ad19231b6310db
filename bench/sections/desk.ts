// The editor's desk with a large blog: 10 000 posts (a tenth drafts, one in twenty scheduled) in a
// database of its own, the app server on it, and an editor's session. Time to the desk's first
// rows (GET /api/blog?status=…&limit=100, as the desk's list asks), and saving a post (PUT with
// its version: the UPDATE, the version kept in its history, the pruning to 20), p50 and p95.
import crypto from 'node:crypto';
import { rolesService } from '#api/modules/users/roles.service';
import { createDb, migrate } from '#api/db';
import type { BenchContext, BenchSection } from '../lib/context';
import { blogPost } from '../lib/corpus';
import { prng } from '#e2e/support/prng';
import { createBenchDatabase } from '../lib/database';
import { int, ms, percentile, table } from '../lib/format';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

const CHUNK = 500;

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
    const username = `desk_${crypto.randomBytes(3).toString('hex')}`;
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Bench-password1' }),
    });
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const roles = createDb(database.config);
    try {
      await rolesService(roles).grantEditor(username);
    } finally {
      await roles.destroy();
    }
    const headers = { cookie, accept: 'application/json' };
    const get = (path: string) => () => fetch(`${server.url}${path}`, { headers });

    const rows: string[][] = [];
    for (const state of ['all', 'draft', 'scheduled', 'published']) {
      const path = `/api/blog?status=${state}&limit=100`;
      await timed(3, get(path));
      const times = await timed(runs, get(path));
      rows.push([`GET ${path}`, ms(percentile(times, 50)), ms(percentile(times, 95))]);
      if (state === 'all') ctx.summary.push({ section: 'desk', label: `desk list, first 100 of ${int(posts)} posts`, value: `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}` });
    }

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
    rows.push([`PUT /api/blog/${id} (${runs} saves in a row)`, ms(percentile(saves, 50)), ms(percentile(saves, 95))]);
    ctx.summary.push({ section: 'desk', label: 'saving a post (PUT with its version)', value: `p50 ${ms(percentile(saves, 50))}, p95 ${ms(percentile(saves, 95))}` });

    console.log();
    console.log(table(['call (one editor, sequential)', 'p50', 'p95'], rows));
    console.log("  the desk's search is not built yet: its list is filtered by state and paged by the API.");
  } finally {
    await server.stop();
  }
}

export const desk: BenchSection = { name: 'desk', title: "The editor's desk: its list and saving a post, with 10 000 posts", run };
