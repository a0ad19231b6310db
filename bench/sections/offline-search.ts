// Offline search (docs/product.md#site-search): the in-browser index (MiniSearch) over what a device may hold: 500
// posts with their whole text and 200 notes, built from the sample posts (repeated with other
// ids). In process; prints the time to build the index and the p50/p95 of a search.
import { QueryClient } from '@tanstack/react-query';
import type { BlogPost } from '#contract/content';
import { indexOf, offlineDocs, searchOffline } from '#pwa/app/offline-search';
import type { Note } from '#pwa/features/notes/note';
import { blogPosts } from '#seeds/blog-posts/index';
import type { BenchContext, BenchSection } from '../lib/context';
import { ms, percentile, table } from '../lib/format';

const QUERIES = ['grace', 'resurr', 'church fathers', 'context', 'romans', 'faith reason', 'historcal', 'creed', 'apologetics', 'prayer'];

async function run(ctx: BenchContext): Promise<void> {
  const client = new QueryClient();
  const posts: BlogPost[] = Array.from({ length: 500 }, (_, i) => {
    const seed = blogPosts[i % blogPosts.length]!;
    return {
      id: i + 1,
      title: `${seed.title} (${i + 1})`,
      excerpt: seed.excerpt,
      category: seed.category,
      readTime: 5,
      views: 0,
      publishedAt: '2025-01-01T00:00:00.000Z',
      thumbnailUrl: null,
      featured: false,
      isExternal: false,
      substackUrl: null,
      content: seed.body,
    } as BlogPost;
  });
  for (const post of posts) client.setQueryData(['blog', 'detail', post.id], post);
  const notes: Note[] = Array.from({ length: 200 }, (_, i) => ({
    id: `note-blog-${i + 1}`,
    contentType: 'blog',
    contentId: i + 1,
    title: posts[i]!.title,
    text: `Read again: ${posts[i]!.excerpt}. Compare with the creed and Romans ${i % 16}.`,
    updatedAt: '2026-11-20T00:00:00.000Z',
  }));

  const built = performance.now();
  const docs = offlineDocs(client, notes);
  const index = indexOf(docs);
  const buildMs = performance.now() - built;

  const times: number[] = [];
  const rounds = ctx.quick ? 3 : 20;
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const started = performance.now();
      searchOffline(docs, q, index);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    table(
      ['documents', 'build the index', 'search p50', 'search p95'],
      [[`${docs.length} (500 posts, 200 notes)`, ms(buildMs), ms(percentile(times, 50)), ms(percentile(times, 95))]],
    ),
  );
  ctx.summary.push({ section: 'offline-search', label: 'offline search over 500 posts and 200 notes', value: `p95 ${ms(percentile(times, 95))}, index built in ${ms(buildMs)}` });
}

export const offlineSearch: BenchSection = { name: 'offline-search', title: 'Offline search (MiniSearch) over 500 saved posts and 200 notes', run };
