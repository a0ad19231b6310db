import { Page, PageHeading } from '../../components/ui/page';
import { VideoLibrary } from '../../features/videos';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /videos (SPEC §2): search the library, filter All / Videos / Shorts, open a result. */
export function Component() {
  useDocumentTitle('Video Library');
  return (
    <Page>
      <PageHeading title="Video Library" description="Teaching on apologetics, Bible study, theology and Christian living." />
      <VideoLibrary />
    </Page>
  );
}
