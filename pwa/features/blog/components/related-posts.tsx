import type { Category } from '#contract/common';
import { ArticleCard, CardSkeletons } from '#pwa/components/content';
import { NeedsConnection } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useRelatedPosts } from '../api/get-related-posts';

/**
 * Up to four other posts of the same category. Nothing at all when this post is the only one of
 * its category (docs/product.md#blog-post). Offline they show when this category's list was saved on this device
 * (another post of it was read); otherwise a quiet note that the list needs a connection.
 */
export function RelatedPosts({ category, postId }: { category: Category; postId: number }) {
  const related = useRelatedPosts(category, postId);
  const state = useQueryConnectionState(related);
  if (state === 'loading') return <CardSkeletons count={2} label="Loading related articles…" />;
  if (state === 'offline-empty') {
    return (
      <section aria-labelledby="related-heading" className="render-when-near">
        <h2 id="related-heading" className="mb-6 font-display text-2xl font-bold">
          Related Articles
        </h2>
        <NeedsConnection what="This list" onRetry={() => void related.refetch()} retrying={related.isFetching} />
      </section>
    );
  }
  if (related.data === undefined) {
    return (
      <p role="alert" className="text-error">
        Failed to fetch related posts
      </p>
    );
  }
  if (related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="render-when-near">
      <h2 id="related-heading" className="mb-6 font-display text-2xl font-bold">
        Related Articles
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        {related.data.map((post) => (
          <li key={post.id}>
            <ArticleCard post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}
