import { Link } from 'react-router-dom';
import { BookOpen, Newspaper } from 'lucide-react';
import { FeaturedSkeleton, ReadTimeMeta, ViewsMeta } from '#pwa/components/content';
import { postPicture } from '#contract/post-pictures';
import { categoryLabel } from '#pwa/lib/format';
import { useFeaturedPost } from '../api/get-featured-post';

/** The 'FEATURED ARTICLE' block of the home page; nothing when no post is featured or it cannot be fetched. */
export function FeaturedArticle() {
  const featured = useFeaturedPost();
  if (featured.isPending) return <FeaturedSkeleton label="Loading the featured article" />;
  const post = featured.data;
  if (!post) return null;
  // Its cover (with the editor's alt text), else its thumbnail (decorative: the title says it all).
  const picture = postPicture(post);
  return (
    <section aria-labelledby="featured-article-heading" className="render-when-near card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <div className="relative aspect-video bg-gradient-to-br from-primary to-accent text-primary-content">
        {picture ? (
          <img src={picture.url} alt={picture.alt} loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <div aria-hidden="true" className="grid size-full place-items-center">
            <Newspaper className="size-16 opacity-80" />
          </div>
        )}
        <span className="badge absolute bottom-3 left-3 border-0 bg-base-100 text-base-content">{categoryLabel(post.category)}</span>
      </div>
      <div className="card-body gap-3 p-6">
        <h2 id="featured-article-heading" className="text-xs font-semibold tracking-widest text-primary">
          FEATURED ARTICLE
        </h2>
        <h3 className="font-display text-2xl leading-tight font-bold">{post.title}</h3>
        {post.excerpt ? <p className="line-clamp-4 text-base-content/80">{post.excerpt}</p> : null}
        <p className="flex flex-wrap items-center gap-4 text-sm text-base-content/70">
          <ViewsMeta views={post.views} />
          <ReadTimeMeta minutes={post.readTime} />
        </p>
        <div className="card-actions mt-auto pt-2">
          <Link to={`/blog/${post.id}`} className="btn btn-primary">
            <BookOpen aria-hidden="true" className="size-5" /> Read Article
          </Link>
        </div>
      </div>
    </section>
  );
}
