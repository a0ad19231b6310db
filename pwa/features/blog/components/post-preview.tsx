import type { ComponentType } from 'react';
import { MarkdownContent } from './markdown-content';
import type { ArticleShown, PostArticleHeaderProps } from './post-article';

/**
 * The desk's Preview: the post as its page will show it, from what the form holds now. `Header`
 * is the post page's own PostArticleHeader, which the desk's route loads from that page's chunk
 * (pwa/app/routes/blog-admin.tsx): imported here, it would be split from the post page's first
 * load into a chunk of its own.
 */
export function PostPreview({ post, Header }: { post: ArticleShown; Header: ComponentType<PostArticleHeaderProps> }) {
  return (
    <article aria-labelledby="post-preview-title" className="flex flex-col gap-6">
      <Header post={post} headingId="post-preview-title" headingLevel={2} />
      <hr className="border-base-300" />
      {post.content.trim() ? <MarkdownContent markdown={post.content} /> : <p className="text-base-content/70">Nothing written yet.</p>}
    </article>
  );
}
