import { useSearchParams } from 'react-router-dom';
import { isCategory, type Category } from '#contract/categories';
import { ArticleGrid, CardSkeletons } from '#pwa/components/content';
import { NeedsConnection, OfflineDataNote, OfflineNote } from '#pwa/components/ui/offline';
import { isNetworkError, useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useFeaturedPost } from '../api/get-featured-post';
import { usePostsInfinite } from '../api/get-posts';
import { CategoryFilter } from './category-filter';
import { FeaturedPost } from './featured-post';
import { LoadError } from '#pwa/components/ui/load-error';

export const EMPTY_TEXT = 'No blog posts found for the selected category.';

/** The category in ?category=; anything that is not one of the six means all. */
function useCategoryParam(): [Category | 'all', (category: Category | 'all') => void] {
  const [params, setParams] = useSearchParams();
  const param = params.get('category');
  const category = isCategory(param) ? param : 'all';
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

export const LOAD_MORE_OFFLINE = "You're offline. Connect to load more articles.";

/**
 * /blog below its heading: the category filter, the featured post (when it belongs to the chosen
 * category) and the grid of the other posts, 12 at a time. Offline, the posts saved on this
 * device show with their age and Load More waits for the connection; a list never opened here
 * says it needs one (the hero simply stays out when it was never fetched).
 */
export function BlogList() {
  const [category, setCategory] = useCategoryParam();
  const featured = useFeaturedPost();
  const posts = usePostsInfinite(category);
  const state = useQueryConnectionState(posts);
  const online = useOnlineStatus();
  const nextPageOffline = !online || (posts.isFetchNextPageError && isNetworkError(posts.error));

  const hero = featured.data && (category === 'all' || featured.data.category === category) ? featured.data : null;
  const gridPosts = (posts.data?.pages.flat() ?? []).filter((post) => post.id !== hero?.id);

  return (
    <>
      <CategoryFilter value={category} onChange={setCategory} />
      <OfflineDataNote query={posts} className="-mt-4 mb-6" />
      {hero ? <FeaturedPost post={hero} /> : null}
      <section aria-labelledby="all-articles-heading">
        <h2 id="all-articles-heading" className="sr-only">
          Articles
        </h2>
        {posts.data === undefined ? (
          state === 'loading' ? (
            <CardSkeletons label="Loading articles…" />
          ) : state === 'offline-empty' ? (
            <NeedsConnection {...(category === 'all' ? {} : { what: 'This category' })} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
          ) : (
            <LoadError message="Failed to fetch blog posts" onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
          )
        ) : gridPosts.length === 0 && !hero ? (
          <p className="rounded-box border border-dashed border-base-300 px-6 py-16 text-center text-base-content/80">{EMPTY_TEXT}</p>
        ) : (
          <>
            <ArticleGrid posts={gridPosts} />
            {posts.isFetchNextPageError && !nextPageOffline ? (
              <p role="alert" className="mt-6 text-center text-error">
                Failed to fetch blog posts
              </p>
            ) : null}
            {posts.hasNextPage ? (
              <div className="mt-10 flex flex-col items-center gap-3">
                <button
                  type="button"
                  className="btn btn-outline btn-wide"
                  disabled={posts.isFetchingNextPage || !online}
                  onClick={() => void posts.fetchNextPage()}
                >
                  {posts.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                  Load More Articles
                </button>
                {nextPageOffline ? <OfflineNote>{LOAD_MORE_OFFLINE}</OfflineNote> : null}
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
