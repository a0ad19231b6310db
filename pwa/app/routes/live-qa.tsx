import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LiveQa } from '../../features/live';

export function Component() {
  useDocumentTitle('Live Q&A');
  return (
    <Page>
      <PageHeading title="Live Q&A" description="Ask your questions during live teaching sessions." />
      <LiveQa />
    </Page>
  );
}
