import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (watch): player, details, bookmark, mark complete, comments, notes; 'Video Not Found'.
export function Component() {
  const { id } = useParams();
  useDocumentTitle('Watch');
  return (
    <Page>
      <Link to="/videos" className="btn btn-ghost btn-sm mb-6">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Videos
      </Link>
      <h1 className="font-display text-3xl font-bold">Video {id}</h1>
    </Page>
  );
}
