import { Page, PageHeading } from '../../components/ui/page';
import { usePageHead } from '../../lib/use-document-title';
import { LiveQa } from '../../features/live';

const HEAD = { title: 'Live Q&A', description: 'Ask your questions during live teaching sessions.' };

export function Component() {
  usePageHead(HEAD);
  return (
    <Page>
      <PageHeading title={HEAD.title} description={HEAD.description} />
      <LiveQa />
    </Page>
  );
}
