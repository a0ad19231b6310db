import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (blog post): article, notes, related posts, comments; 'Article Not Found'.
export function Component() {
  const { id } = useParams();
  useDocumentTitle('Article');
  return (
    <Page className="max-w-3xl">
      <Link to="/blog" className="btn btn-ghost btn-sm mb-6">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
      </Link>
      <h1 className="font-display text-3xl font-bold">Article {id}</h1>
    </Page>
  );
}
