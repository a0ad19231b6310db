import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (videos): search box, All/Videos/Shorts filter with counts, result cards, skeleton.
export function Component() {
  useDocumentTitle('Video Library');
  return (
    <Page>
      <PageHeading title="Video Library" description="Teaching on apologetics, Bible study, theology and Christian living." />
      <p className="text-base-content/80">Start typing to search the video library.</p>
    </Page>
  );
}
