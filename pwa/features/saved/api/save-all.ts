import * as z from 'zod/mini';
import type { Category } from '#contract/common';
import { blogPostSchema, blogPostSummarySchema, type BlogPost } from '#contract/content';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { saveItem } from '#pwa/features/saved/api/saved-store';
import { picturesOf } from '#pwa/features/saved/api/saved-items';

// 'Save all for offline' on /blog: loaded when the reader presses it (a dynamic import), never before.

/** GET /api/blog's largest page. */
const PAGE = 100;
/** Posts downloaded at once: enough to hide the round trips, few enough for a slow phone. */
const AT_ONCE = 4;

export interface SaveAllProgress {
  done: number;
  total: number;
}

export interface SaveAllResult {
  saved: number;
  failed: number;
  total: number;
}

/** The id of every post in `category` (every post for 'all'), newest first. */
async function postIds(category: Category | 'all', signal?: AbortSignal): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await apiFetch(withQuery('/api/blog', { category: category === 'all' ? undefined : category, limit: PAGE, offset }), { schema: z.array(blogPostSummarySchema), signal });
    ids.push(...page.map((p) => p.id));
    if (page.length < PAGE) return ids;
  }
}

/**
 * Saves every post of `category` on this device: the list, then each whole post (as its page
 * fetches it) with its pictures. A post that fails is counted and the others go on; the list
 * itself failing throws (nothing to save).
 */
export async function saveAllPosts(category: Category | 'all', onProgress: (progress: SaveAllProgress) => void = () => undefined, signal?: AbortSignal): Promise<SaveAllResult> {
  const ids = await postIds(category, signal);
  const total = ids.length;
  let done = 0;
  let failed = 0;
  onProgress({ done, total });
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        const post: BlogPost = await apiFetch(`/api/blog/${id}`, { schema: blogPostSchema, signal });
        await saveItem({ kind: 'post', post }, picturesOf({ kind: 'post', post }));
      } catch (error) {
        if (signal?.aborted) throw error;
        failed += 1;
      }
      done += 1;
      onProgress({ done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, total) }, worker));
  return { saved: total - failed, failed, total };
}
