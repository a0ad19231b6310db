import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DESK_SEARCH_MAX, POST_STATE_FILTERS, type EditorPostSummary, type PostStateFilter } from '#contract/posts';
import { NeedsConnection, OfflineDataNote, OfflineNote } from '#pwa/components/ui/offline';
import { SearchInput } from '#pwa/components/ui/search-input';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { categoryLabel, formatDate } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useDeletePost } from '../api/delete-post';
import { useFeaturePost } from '../api/feature-post';
import { useAdminPosts } from '../api/get-admin-posts';
import { DeskRowActions, FeaturedBadge } from './desk-row-actions';
import { SEND_AGAIN, SEND_AS_NEWSLETTER, SendNewsletterDialog, SendProgress } from './newsletter-button';
import type { NewsletterSend } from '#contract/newsletter-sends';
import { LoadError } from '#pwa/components/ui/load-error';

/** The filter's words, and each state's badge. */
const FILTER_LABELS: Record<PostStateFilter, string> = { all: 'All', draft: 'Drafts', scheduled: 'Scheduled', published: 'Published' };
const EMPTY_TEXTS: Record<PostStateFilter, string> = { all: 'No blog posts yet.', draft: 'No drafts.', scheduled: 'No scheduled posts.', published: 'No published posts.' };
const STATE_BADGES: Record<EditorPostSummary['status'], { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'badge-warning' },
  scheduled: { label: 'Scheduled', className: 'badge-info' },
  published: { label: 'Published', className: 'badge-success' },
};

/** How long typing must pause before the search runs. */
export const DESK_SEARCH_DEBOUNCE_MS = 300;
/** Above the rows while offline: what their buttons wait for (sending a newsletter is online only). */
export const ROWS_OFFLINE = "You're offline. Connect to feature or delete posts, or send them as newsletters.";
/** Under the list while the next page cannot be fetched. */
const LOAD_MORE_OFFLINE = "You're offline. Connect to load more posts.";

/**
 * Every post, newest first, drafts and scheduled posts too, each with its state, Feature and
 * Delete, and a published one "Send as newsletter" (docs/product.md#newsletter), which asks first
 * and then shows the send's progress in the row; filtered by state and searched by words of its title, excerpt or text, 20 at a time
 * with Load more. Delete asks no confirmation (docs/product.md#blog-management).
 */
export function AdminPostList({ onEdit }: { onEdit?: (id: number) => void }) {
  const [filter, setFilter] = useState<PostStateFilter>('all');
  // What is in the box, and what is searched: the same a moment after typing stops (Enter: at once).
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DESK_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  const searchId = useId();
  const posts = useAdminPosts(filter, query);
  const rows = posts.data?.pages.flatMap((page) => page.posts);
  const state = useQueryConnectionState(posts);
  const online = useOnlineStatus();
  const feature = useFeaturePost();
  const remove = useDeletePost();
  const { toast } = useToast();
  // The post whose "Send as newsletter" is asking, and each post's send this page knows of (made
  // here, or found when its dialog read the post's sends): its row says "Send again" and shows it.
  const [asking, setAsking] = useState<{ id: number; title: string } | null>(null);
  const [sends, setSends] = useState<Record<number, { id: number; known?: NewsletterSend }>>({});
  const knowSend = (postId: number, send: { id: number; known?: NewsletterSend }) =>
    setSends((all) => (all[postId]?.id === send.id ? all : { ...all, [postId]: send }));

  const onFeature = (post: EditorPostSummary) =>
    feature.mutate(post.id, {
      onSuccess: () => toast({ title: 'Featured blog post updated' }),
      onError: (error) => {
        const message = serverMessageOf(error);
        toast({ title: 'Failed to update featured post', ...(message ? { description: message } : {}), variant: 'destructive' });
      },
    });

  const onDelete = (post: EditorPostSummary) =>
    remove.mutate(post.id, {
      onSuccess: () => toast({ title: 'Blog post deleted successfully' }),
      onError: (error) => {
        const message = serverMessageOf(error);
        toast({ title: 'Failed to delete blog post', ...(message ? { description: message } : {}), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby="admin-posts-heading" className="flex flex-col gap-4">
      <h2 id="admin-posts-heading" className="font-display text-2xl font-bold">
        All Posts
        {rows ? (
          <span className="ml-2 text-base font-normal text-base-content/70">
            ({rows.length}
            {posts.hasNextPage ? '+' : ''})
          </span>
        ) : null}
      </h2>
      <form role="search" aria-label="Posts" onSubmit={onSearch} className="w-full max-w-xl">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
          Search posts
        </label>
        <SearchInput id={searchId} size="sm" value={text} onValueChange={setText} placeholder="Words of a title, excerpt or text" maxLength={DESK_SEARCH_MAX} />
      </form>
      <div role="tablist" aria-label="Posts by state" className="tabs tabs-box tabs-sm -mt-1 self-start">
        {POST_STATE_FILTERS.map((each) => (
          <button key={each} type="button" role="tab" aria-selected={filter === each} className={`tab ${filter === each ? 'tab-active' : ''}`} onClick={() => setFilter(each)}>
            {FILTER_LABELS[each]}
          </button>
        ))}
      </div>
      <OfflineDataNote query={posts} className="-mt-2" />
      {!online && rows?.length ? <OfflineNote className="-mt-2">{ROWS_OFFLINE}</OfflineNote> : null}
      {state === 'loading' ? (
        <div role="status" aria-label="Loading posts…" className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton h-20 w-full" />
          ))}
        </div>
      ) : state === 'offline-empty' ? (
        <NeedsConnection what={query ? 'This search' : 'The list of posts'} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
      ) : rows === undefined ? (
        <LoadError message="Failed to fetch blog posts" onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
      ) : rows.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">
          {query ? `No posts match "${query}".` : EMPTY_TEXTS[filter]}
        </p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {rows.map((post) => {
              const featuring = feature.isPending && feature.variables === post.id;
              const deleting = remove.isPending && remove.variables === post.id;
              const badge = STATE_BADGES[post.status];
              const send = sends[post.id];
              return (
                <li key={post.id} aria-label={post.title} className="flex flex-col gap-3 p-4">
                  <div className="min-w-0">
                    {post.status === 'published' ? (
                      <Link to={`/blog/${post.id}`} className="link link-hover font-semibold break-words">
                        {post.title}
                      </Link>
                    ) : (
                      // Readers cannot open it yet: no link to a page that would say it is not found.
                      <span className="font-semibold break-words">{post.title}</span>
                    )}
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/75">
                      <span className={`badge badge-sm font-semibold ${badge.className}`}>{badge.label}</span>
                      <span className="badge badge-outline badge-sm">{categoryLabel(post.category)}</span>
                      <span>{formatDate(post.publishedAt)}</span>
                      {post.isExternal ? <span className="badge badge-ghost badge-sm">Substack</span> : null}
                      {post.featured ? <FeaturedBadge /> : null}
                      {post.newsletterSentAt ? <span>Emailed {formatDate(post.newsletterSentAt)}</span> : null}
                    </p>
                  </div>
                  <DeskRowActions
                    title={post.title}
                    online={online}
                    featured={post.featured}
                    featuring={featuring}
                    deleting={deleting}
                    onEdit={onEdit ? () => onEdit(post.id) : undefined}
                    onFeature={post.status === 'published' ? () => onFeature(post) : undefined}
                    onDelete={() => onDelete(post)}
                    newsletter={
                      post.status === 'published'
                        ? { label: send || post.newsletterSentAt ? SEND_AGAIN : SEND_AS_NEWSLETTER, onSend: () => setAsking({ id: post.id, title: post.title }) }
                        : undefined
                    }
                  />
                  {send ? (
                    <Suspense fallback={null}>
                      <SendProgress key={send.id} id={send.id} known={send.known} />
                    </Suspense>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {posts.isFetchNextPageError && online ? (
            <p role="alert" className="text-center text-error">
              Failed to fetch blog posts
            </p>
          ) : null}
          {posts.hasNextPage ? (
            <div className="flex flex-col items-center gap-2">
              <button type="button" className="btn btn-outline btn-sm" disabled={posts.isFetchingNextPage || !online} onClick={() => void posts.fetchNextPage()}>
                {posts.isFetchingNextPage ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
                Load more posts
              </button>
              {online ? null : <OfflineNote>{LOAD_MORE_OFFLINE}</OfflineNote>}
            </div>
          ) : null}
        </>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <SendNewsletterDialog
            postId={asking.id}
            title={asking.title}
            online={online}
            onClose={() => setAsking(null)}
            onSent={(created) => knowSend(asking.id, { id: created.id })}
            onLastSend={(last) => knowSend(asking.id, { id: last.id, known: last })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
