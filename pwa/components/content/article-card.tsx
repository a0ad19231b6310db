import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import type { BlogPostSummary } from '#contract/content';
import { categoryLabel } from '#pwa/lib/format';
import { DateText, ReadTimeMeta } from './meta';

/** An article in a grid: opens /blog/{id}. */
export function ArticleCard({ post, badge }: { post: BlogPostSummary; badge?: ReactNode }) {
  return (
    <Link
      to={`/blog/${post.id}`}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {post.coverImageUrl ? (
        // The cover an editor chose (docs/product.md#blog-management), with the alt text they wrote.
        <figure className="aspect-video overflow-hidden rounded-t-box bg-base-200">
          <img src={post.coverImageUrl} alt={post.coverImageAlt ?? ''} loading="lazy" decoding="async" className="size-full object-cover" />
        </figure>
      ) : null}
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline badge-sm">{categoryLabel(post.category)}</span>
          {post.isExternal ? (
            <span className="badge badge-ghost badge-sm gap-1">
              <ExternalLink aria-hidden="true" className="size-3" /> Substack
            </span>
          ) : null}
          {badge}
        </div>
        <h3 className="card-title text-lg leading-snug">{post.title}</h3>
        {post.excerpt ? <p className="line-clamp-3 text-sm text-base-content/80">{post.excerpt}</p> : null}
        <p className="mt-auto flex items-center gap-3 text-xs text-base-content/70">
          <DateText iso={post.publishedAt} />
          <ReadTimeMeta minutes={post.readTime} iconClassName="size-3" />
        </p>
      </div>
    </Link>
  );
}
