import { Link } from 'react-router-dom';
import { ArrowRight, Star } from 'lucide-react';
import type { BlogPostSummary } from '#contract/content';
import { categoryLabel } from '#pwa/lib/format';
import { DateText, ReadTimeMeta, ViewsMeta } from '#pwa/components/content/meta';

/** The one featured post, above the grid of /blog. */
export function FeaturedPost({ post }: { post: BlogPostSummary }) {
  return (
    <article
      aria-labelledby="featured-post-title"
      className="mb-10 overflow-hidden rounded-box border border-base-300 bg-gradient-to-br from-primary/10 via-base-100 to-secondary/15 shadow-sm"
    >
      {post.coverImageUrl ? (
        <img src={post.coverImageUrl} alt={post.coverImageAlt ?? ''} decoding="async" className="aspect-[21/9] w-full bg-base-200 object-cover" />
      ) : null}
      <div className="flex flex-col gap-4 p-6 sm:p-10">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-secondary gap-1 font-semibold">
            <Star aria-hidden="true" className="size-3" /> Featured
          </span>
          <span className="badge badge-outline">{categoryLabel(post.category)}</span>
        </div>
        <h2 id="featured-post-title" className="font-display text-2xl leading-tight font-bold sm:text-4xl">
          {post.title}
        </h2>
        {post.excerpt ? <p className="max-w-3xl text-base text-base-content/80 sm:text-lg">{post.excerpt}</p> : null}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/75">
          <DateText iso={post.publishedAt} />
          <ReadTimeMeta minutes={post.readTime} />
          <ViewsMeta views={post.views} />
        </p>
        <div>
          <Link to={`/blog/${post.id}`} className="btn btn-primary" aria-label={`Read Article: ${post.title}`}>
            Read Article <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
