// Share cards (docs/decisions/019-share-cards.md): the 1200×630 PNG of a post or video, asked for
// over HTTP from the real server (own process, seeded). "Generated" is a card's first GET, which
// draws it (satori's layout on the event loop, resvg's rasterising on libuv's pool) and writes it
// to CARDS_DIR; "cached" is a later GET of the same card, read from that file. A video's first GET
// also waits for its thumbnail, whose host this machine cannot reach (at most the 2 s deadline).
// While cards are drawn, a request that needs no card (robots.txt, no database) is timed one
// after another: how much a drawing holds up the rest of the server.
import path from 'node:path';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { ms, percentile, table } from '../lib/format';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

async function timedGet(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: res.status, bytes };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

async function run(ctx: BenchContext): Promise<void> {
  const database = await createBenchDatabase(ctx, 'share_cards');
  const app = await startChild('app', 'app-server.ts', {
    env: { ...appServerEnv(ctx, database.url, { seed: true }), CARDS_DIR: path.join(ctx.tmpDir, 'cards') },
  });
  try {
    const posts = ((await (await fetch(`${app.url}/api/blog?limit=50`)).json()) as { id: number }[]).map((p) => p.id);
    const videos = ((await (await fetch(`${app.url}/api/videos?limit=50`)).json()) as { id: number }[]).map((v) => v.id);
    const postIds = posts.slice(0, ctx.quick ? 3 : 10);
    const videoIds = videos.slice(0, ctx.quick ? 2 : 5);
    if (postIds.length === 0 || videoIds.length === 0) throw new Error('share-cards: the seeded site has no posts or videos');

    const idleTimes: number[] = [];
    for (let i = 0; i < 20; i++) idleTimes.push((await timedGet(`${app.url}/robots.txt`)).ms);

    // Drawn one after another while robots.txt is asked for, one request at a time, beside them.
    let drawing = true;
    const besideTimes: number[] = [];
    const beside = (async () => {
      while (drawing) besideTimes.push((await timedGet(`${app.url}/robots.txt`)).ms);
    })();
    const generatedPosts: number[] = [];
    let size = 0;
    for (const id of postIds) {
      const res = await timedGet(`${app.url}/cards/posts/${id}.png`);
      if (res.status !== 200) throw new Error(`share-cards: /cards/posts/${id}.png answered ${res.status}`);
      generatedPosts.push(res.ms);
      size = Math.max(size, res.bytes);
    }
    drawing = false;
    await beside;
    const generatedVideos: number[] = [];
    for (const id of videoIds) generatedVideos.push((await timedGet(`${app.url}/cards/videos/${id}.png`)).ms);

    const cached: number[] = [];
    for (let round = 0; round < (ctx.quick ? 2 : 5); round++) {
      for (const id of postIds) cached.push((await timedGet(`${app.url}/cards/posts/${id}.png`)).ms);
    }

    console.log(
      table(
        ['GET', 'requests', 'median', 'slowest'],
        [
          ['post card, generated (first GET)', String(generatedPosts.length), ms(median(generatedPosts)), ms(Math.max(...generatedPosts))],
          ['video card, generated (thumbnail host unreachable)', String(generatedVideos.length), ms(median(generatedVideos)), ms(Math.max(...generatedVideos))],
          ['post card, cached (file)', String(cached.length), ms(median(cached)), ms(Math.max(...cached))],
          ['robots.txt, idle server', String(idleTimes.length), ms(median(idleTimes)), ms(Math.max(...idleTimes))],
          ['robots.txt, while post cards are drawn', String(besideTimes.length), ms(median(besideTimes)), ms(Math.max(...besideTimes, 0))],
        ],
      ),
    );
    console.log(`  largest post card: ${(size / 1024).toFixed(1)} kB`);
    ctx.summary.push({
      section: 'share-cards',
      label: 'share card: generated / cached (median)',
      value: `generated ${ms(median(generatedPosts))}, cached ${ms(median(cached))}`,
    });
    ctx.summary.push({
      section: 'share-cards',
      label: 'robots.txt while cards are drawn (median / slowest)',
      value: `${ms(median(besideTimes))} / ${ms(Math.max(...besideTimes, 0))} (idle ${ms(median(idleTimes))})`,
    });
  } finally {
    ctx.peakRss.set('share-cards', app.peakRss());
    await app.stop();
  }
}

export const shareCards: BenchSection = { name: 'share-cards', title: 'Share cards: drawing a card, and serving it once drawn', run };
