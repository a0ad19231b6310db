import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (blog admin): add-article form, post list with Feature and Delete; non-editors are told so.
export function Component() {
  useDocumentTitle('Blog Management');
  return (
    <Page>
      <PageHeading title="Blog Management" />
    </Page>
  );
}
