import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BlogList } from '../../features/blog/components/blog-list';

export function Component() {
  useDocumentTitle('Knowledge Blog');
  return (
    <Page>
      <PageHeading title="Knowledge Blog" description="Articles on defending the faith and reading scripture in context." />
      <BlogList />
    </Page>
  );
}
