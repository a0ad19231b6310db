import { useEffect, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, ExternalLink, FileQuestion } from 'lucide-react';
import type { BlogPost } from '#contract/content';
import { postPicture } from '#contract/post-pictures';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareCardPath } from '#contract/share-card';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { ApiError } from '#pwa/lib/api-client';
import { categoryLabel } from '#pwa/lib/format';
import { usePageHead, type PageHead } from '#pwa/lib/use-document-title';
import { usePost } from '../api/get-post';
import { useRecordView } from '../api/record-view';
import { MarkdownContent, preloadMarkdown } from './markdown-content';
// A path's id by the API's own rule (a miss names no page: its not-found state, nothing fetched).
import { rowIdFromPath } from '#contract/row-id';
import { LoadError } from '#pwa/components/ui/load-error';
import { PostArticleHeader } from './post-article';
import { RelatedPosts } from './related-posts';

export interface BlogPostViewProps {
  /** The path's id; anything that is not a positive whole number names no article. */
  id: string | undefined;
  /** Beside the back link (the notes button). */
  topActions?: (post: BlogPost) => ReactNode;
  /** Under the post's details (bookmark, mark complete). */
  actions?: (post: BlogPost) => ReactNode;
  /** After the article (comments). */
  afterArticle?: (post: BlogPost) => ReactNode;
  /** The <article> element, for what measures the reader's place in it (the reading position). */
  articleRef?: Ref<HTMLElement>;
}

const BackToBlog = () => (
  <Link to="/blog" className="btn btn-ghost btn-sm -ml-3">
    <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
  </Link>
);

/** /blog/{id}: the article, then what the route composes around it, then related posts. */
export function BlogPostView(props: BlogPostViewProps) {
  const id = rowIdFromPath(props.id);
  if (id === null) return <ArticleNotFound />;
  return <LoadedPostView {...props} postId={id} />;
}

function LoadedPostView({ postId, topActions, actions, afterArticle, articleRef }: BlogPostViewProps & { postId: number }) {
  const query = usePost(postId);
  // A post not here yet: fetch the renderer beside it, not after it. (A post the server rendered
  // needs no renderer until its text changes: MarkdownContent keeps the server's HTML.)
  const arrivesLater = query.data === undefined;
  useEffect(() => {
    if (arrivesLater) void preloadMarkdown();
    // Decided once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const state = useQueryConnectionState(query);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useRecordView(query.data?.id);
  usePageHead(notFound ? NOT_FOUND_HEAD : query.data ? postHead(query.data) : { title: 'Article' });

  // The server says the post is gone (an editor deleted it): a copy read before is not shown.
  if (notFound) return <ArticleNotFound />;
  // Otherwise a post read before stays on screen whatever happens to the check with the server.
  if (query.data === undefined) {
    if (state === 'loading') return <PostSkeleton />;
    if (state === 'offline-empty') {
      return (
        <div className="flex flex-col items-start gap-6">
          <BackToBlog />
          <NeedsConnection className="w-full" onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </div>
      );
    }
    return (
      <div className="flex flex-col items-start gap-6">
        <BackToBlog />
        <LoadError message="Failed to fetch blog post" onRetry={() => void query.refetch()} retrying={query.isFetching} className="w-full" />
      </div>
    );
  }

  const post = query.data;
  const substackUrl = post.isExternal && post.substackUrl && /^https?:\/\//i.test(post.substackUrl) ? post.substackUrl : null;
  return (
    <div className="flex flex-col gap-12">
      <article ref={articleRef} aria-labelledby="post-title" className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <BackToBlog />
          {topActions?.(post)}
        </div>
        <OfflineDataNote query={query} className="-mt-3" />
        <PostArticleHeader post={post} headingId="post-title">
          <div className="flex flex-wrap items-center gap-2">
            {actions?.(post)}
            {substackUrl ? (
              <a href={substackUrl} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-secondary">
                Read on Substack <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            ) : null}
          </div>
        </PostArticleHeader>
        <hr className="border-base-300" />
        <MarkdownContent markdown={post.content} />
      </article>
      {afterArticle?.(post)}
      <RelatedPosts category={post.category} postId={post.id} />
    </div>
  );
}

const NOT_FOUND_HEAD: PageHead = { title: 'Article Not Found', notFound: true };
const SHARE_CARD_SIZE = { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT };

/**
 * What a post says about itself to search engines and link previews: its picture is its cover
 * (else its thumbnail), made absolute on the site's address for JSON-LD (docs/product.md#blog-management);
 * a post with neither is shown by its share card (docs/decisions/019-share-cards.md).
 */
function postHead(post: BlogPost): PageHead {
  const description = post.excerpt ?? undefined;
  const picture = postPicture(post);
  const image = picture?.url ?? shareCardPath('posts', post.id, { title: post.title, category: post.category, picture: null });
  return {
    title: post.title,
    description,
    image,
    ...(picture ? {} : { imageSize: SHARE_CARD_SIZE }),
    type: 'article',
    jsonLd: (siteUrl) => ({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      // The post's own address (its canonical link), which the article is the main thing of.
      url: absoluteOn(`/blog/${post.id}`, siteUrl),
      mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteOn(`/blog/${post.id}`, siteUrl) },
      ...(description ? { description } : {}),
      datePublished: post.publishedAt,
      articleSection: categoryLabel(post.category),
      image: absoluteOn(image, siteUrl),
      timeRequired: `PT${post.readTime}M`,
      author: { '@type': 'Organization', name: 'context is key' },
    }),
  };
}

/** `address` (absolute, or a path of the site such as an upload's `/objects/…`) as an absolute URL. */
function absoluteOn(address: string, siteUrl: string): string {
  try {
    return new URL(address, siteUrl).href;
  } catch {
    return address;
  }
}

function ArticleNotFound() {
  usePageHead(NOT_FOUND_HEAD);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <FileQuestion aria-hidden="true" className="size-12 text-base-content/50" />
      <h1 className="font-display text-3xl font-bold">Article Not Found</h1>
      <p className="text-base-content/80">The article you are looking for does not exist or has been removed.</p>
      <Link to="/blog" className="btn btn-primary">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
      </Link>
    </div>
  );
}

function PostSkeleton() {
  return (
    <div role="status" aria-label="Loading article…" className="flex flex-col gap-4">
      <div className="skeleton h-8 w-32" />
      <div className="skeleton h-12 w-full" />
      <div className="skeleton h-4 w-64" />
      <div className="skeleton mt-6 h-4 w-full" />
      <div className="skeleton h-4 w-full" />
      <div className="skeleton h-4 w-5/6" />
    </div>
  );
}
