import type { ReactNode } from 'react';
import type { BlogPost } from '#contract/content';
import { PublishedMeta, ReadTimeMeta, ViewsMeta } from '#pwa/components/content/meta';
import { categoryLabel } from '#pwa/lib/format';

/** What a post's page shows of it above and in its text: a published post, or the desk's form as it stands. */
export type ArticleShown = Pick<BlogPost, 'title' | 'category' | 'publishedAt' | 'readTime' | 'excerpt' | 'content' | 'coverImageUrl' | 'coverImageAlt'> & {
  /** Left out in a preview: a post not yet published has been read by no one. */
  views?: number;
};

/**
 * The top of a post's page: its category, title, details and excerpt, then (`children`) what the
 * page puts beside them, then its cover picture. The post page and the desk's preview both show
 * it, so an editor previews exactly what readers will see (docs/product.md#blog-management).
 */
export interface PostArticleHeaderProps {
  post: ArticleShown;
  headingId: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
}

export function PostArticleHeader({ post, headingId, headingLevel = 1, children }: PostArticleHeaderProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <header className="flex flex-col gap-4">
        <span className="badge badge-outline">{categoryLabel(post.category)}</span>
        <Heading id={headingId} className="font-display text-3xl leading-tight font-bold tracking-tight sm:text-5xl">
          {post.title}
        </Heading>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-base-content/75">
          <PublishedMeta iso={post.publishedAt} />
          <ReadTimeMeta minutes={post.readTime} />
          {post.views === undefined ? null : <ViewsMeta views={post.views} />}
        </p>
        {post.excerpt ? <p className="text-lg leading-relaxed text-base-content/85 sm:text-xl">{post.excerpt}</p> : null}
        {children}
      </header>
      {post.coverImageUrl ? (
        <img src={post.coverImageUrl} alt={post.coverImageAlt ?? ''} className="aspect-video w-full rounded-box bg-base-200 object-cover" />
      ) : null}
    </>
  );
}
