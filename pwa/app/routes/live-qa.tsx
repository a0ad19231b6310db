import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (live Q&A): live stream with questions, or 'No Live Stream Currently'; upcoming sessions.
export function Component() {
  useDocumentTitle('Live Q&A');
  return (
    <Page>
      <PageHeading title="Live Q&A" description="Ask your questions during live teaching sessions." />
    </Page>
  );
}
