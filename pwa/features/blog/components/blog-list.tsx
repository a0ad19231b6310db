import { useSearchParams } from 'react-router-dom';
import { categorySchema, type Category } from '../../../../contract/common.js';
import { ArticleCard, CardSkeletons } from '../../../components/content';
import { useFeaturedPost } from '../api/get-featured-post';
import { usePostsInfinite } from '../api/get-posts';
import { CategoryFilter } from './category-filter';
import { FeaturedPost } from './featured-post';

export const EMPTY_TEXT = 'No blog posts found for the selected category.';

/** The category in ?category=; anything that is not one of the six means all. */
function useCategoryParam(): [Category | 'all', (category: Category | 'all') => void] {
  const [params, setParams] = useSearchParams();
  const parsed = categorySchema.safeParse(params.get('category'));
  const category = parsed.success ? parsed.data : 'all';
  const setCategory = (next: Category | 'all') =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('category');
        else updated.set('category', next);
        return updated;
      },
      { replace: true },
    );
  return [category, setCategory];
}

/**
 * /blog below its heading: the category filter, the featured post (when it belongs to the chosen
 * category) and the grid of the other posts, 12 at a time.
 */
export function BlogList() {
  const [category, setCategory] = useCategoryParam();
  const featured = useFeaturedPost();
  const posts = usePostsInfinite(category);

  const hero = featured.data && (category === 'all' || featured.data.category === category) ? featured.data : null;
  const gridPosts = (posts.data?.pages.flat() ?? []).filter((post) => post.id !== hero?.id);

  return (
    <>
      <CategoryFilter value={category} onChange={setCategory} />
      {hero ? <FeaturedPost post={hero} /> : null}
      <section aria-labelledby="all-articles-heading">
        <h2 id="all-articles-heading" className="sr-only">
          Articles
        </h2>
        {posts.isPending ? (
          <CardSkeletons label="Loading articles…" />
        ) : posts.isError ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
            <span>Failed to fetch blog posts</span>
            <button type="button" className="btn btn-sm" onClick={() => void posts.refetch()}>
              Try again
            </button>
          </div>
        ) : gridPosts.length === 0 && !hero ? (
          <p className="rounded-box border border-dashed border-base-300 px-6 py-16 text-center text-base-content/80">{EMPTY_TEXT}</p>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {gridPosts.map((post) => (
                <li key={post.id}>
                  <ArticleCard post={post} />
                </li>
              ))}
            </ul>
            {posts.isFetchNextPageError ? (
              <p role="alert" className="mt-6 text-center text-error">
                Failed to fetch blog posts
              </p>
            ) : null}
            {posts.hasNextPage ? (
              <div className="mt-10 flex justify-center">
                <button type="button" className="btn btn-outline btn-wide" disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
                  {posts.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                  Load More Articles
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
