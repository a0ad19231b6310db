import { lazy, Suspense } from 'react';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { useDocumentTitle } from '#pwa/lib/use-document-title';
// By path, not through the feature's index: that would bring the /blog list's code with the form.
import { PostPreview } from '#pwa/features/blog/components/post-preview';
import { BlogAdmin } from '#pwa/features/blog-admin';

// The post page's header, from the post page's own chunk (the one /blog/{id} loads): shared
// through an import of its own, it would split that page's first load (npm run bench -- bundle).
const PostArticleHeader = lazy(() => import('./blog-post').then((page) => ({ default: page.PostArticleHeader })));

/** /blog-admin: the editors' page; its preview shows a post the way its page does. */
export function Component() {
  useDocumentTitle('Blog Management');
  return (
    <Page>
      {/* The desk is no page for search engines (robots.txt disallows it too). */}
      <meta name="robots" content="noindex" />
      <PageHeading title="Blog Management" description="Add articles, choose the featured one, remove what should go." />
      <BlogAdmin
        renderPreview={(post) => (
          <Suspense fallback={<span className="loading loading-spinner" aria-label="Loading the preview…" />}>
            <PostPreview post={post} Header={PostArticleHeader} />
          </Suspense>
        )}
      />
    </Page>
  );
}
