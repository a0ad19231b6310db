import { Page, PageHeading } from '#pwa/components/ui/page';
import { usePageHead } from '#pwa/lib/use-document-title';
import { LiveQa } from '#pwa/features/live';

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
