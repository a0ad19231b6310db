import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (blog): category filter, featured post, grid, 'Load More Articles', empty text, skeleton.
export function Component() {
  useDocumentTitle('Knowledge Blog');
  return (
    <Page>
      <PageHeading title="Knowledge Blog" description="Articles on defending the faith and reading scripture in context." />
    </Page>
  );
}
