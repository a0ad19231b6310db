import type { Category } from '../../../../contract/common.js';
import { ArticleCard, CardSkeletons } from '../../../components/content';
import { useRelatedPosts } from '../api/get-related-posts';

/**
 * Up to four other posts of the same category. Nothing at all when this post is the only one of
 * its category (SPEC §2), nor while they load below the article.
 */
export function RelatedPosts({ category, postId }: { category: Category; postId: number }) {
  const related = useRelatedPosts(category, postId);
  if (related.isPending) return <CardSkeletons count={2} label="Loading related articles…" />;
  if (related.isError) {
    return (
      <p role="alert" className="text-error">
        Failed to fetch related posts
      </p>
    );
  }
  if (related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
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
