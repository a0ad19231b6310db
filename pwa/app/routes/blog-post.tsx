import { useParams } from 'react-router-dom';
import { Page } from '../../components/ui/page';
import { BookmarkButton, Comments, CompleteButton, NotesButton } from '../deferred/study-tools';
import { SaveButton } from '../deferred/save-tools';
// By path, not through the feature's index: that would bring the /blog list's code with the article.
import { BlogPostView } from '../../features/blog/components/blog-post-view';
import { ShareButton } from '../../features/share';

/** /blog/{id}: the blog feature's article with the study tools (notes, bookmark, progress, comments) and 'Save for offline' around it. */
export function Component() {
  const { id } = useParams();
  return (
    <Page>
      {/* A readable measure for the article: about 70 characters a line. */}
      <div className="mx-auto w-full max-w-3xl">
        <BlogPostView
          key={id}
          id={id}
          topActions={(post) => <NotesButton contentType="blog" contentId={post.id} title={post.title} />}
          actions={(post) => (
            <>
              <BookmarkButton contentType="blog" contentId={post.id} title={post.title} />
              <CompleteButton contentType="blog" contentId={post.id} />
              <SaveButton kind="post" post={post} />
              <ShareButton title={post.title} path={`/blog/${post.id}`} />
            </>
          )}
          afterArticle={(post) => <Comments contentType="blog" contentId={post.id} />}
        />
      </div>
    </Page>
  );
}
