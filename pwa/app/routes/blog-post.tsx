import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '#pwa/components/ui/page';
import { BookmarkButton, Comments, CompleteButton, NotesButton } from '../deferred/study-tools';
import { SaveButton } from '../deferred/save-tools';
// By path, not through the feature's index: that would bring the /blog list's code with the article.
import { BlogPostView } from '#pwa/features/blog/components/blog-post-view';
import { forgetPosition, ReadingPosition } from '../deferred/resume-tools';
import { ShareButton } from '../deferred/share-tools';

// The desk's Preview shows a post's top as this page does, with this page's chunk (blog-admin.tsx).
export { PostArticleHeader } from '#pwa/features/blog/components/post-article';

/**
 * /blog/{id}: the blog feature's article with the study tools (notes, bookmark, progress, comments)
 * and 'Save for offline' around it, and the resume feature keeping the reader's place in it.
 * Marking the post complete forgets that place ('Continue where you left off' drops it).
 */
export function Component() {
  const { id } = useParams();
  const article = useRef<HTMLElement>(null);
  return (
    <Page>
      {/* A readable measure for the article: about 70 characters a line. */}
      <div className="mx-auto w-full max-w-3xl">
        <BlogPostView
          key={id}
          id={id}
          articleRef={article}
          topActions={(post) => <NotesButton contentType="blog" contentId={post.id} title={post.title} />}
          actions={(post) => (
            <>
              <BookmarkButton contentType="blog" contentId={post.id} title={post.title} />
              <CompleteButton contentType="blog" contentId={post.id} title={post.title} onCompletedChange={(done) => done && forgetPosition('blog', post.id)} />
              <SaveButton kind="post" post={post} />
              <ShareButton title={post.title} path={`/blog/${post.id}`} />
            </>
          )}
          afterArticle={(post) => (
            <>
              <ReadingPosition key={post.id} postId={post.id} title={post.title} thumbnailUrl={post.thumbnailUrl} article={article} />
              <Comments contentType="blog" contentId={post.id} />
            </>
          )}
        />
      </div>
    </Page>
  );
}
