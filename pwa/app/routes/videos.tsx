import { Page, PageHeading } from '#pwa/components/ui/page';
// By path: the feature's index would bring the watch page's code with the library.
import { VideoLibrary } from '#pwa/features/videos/components/video-library';
import { offlineSearchResults } from '../deferred/offline-search';
import { usePageHead } from '#pwa/lib/use-document-title';

/** /videos (docs/product.md#video-library): search the library, filter All / Videos / Shorts, open a result. */
const HEAD = { title: 'Video Library', description: 'Teaching on apologetics, Bible study, theology and Christian living.' };

export function Component() {
  usePageHead(HEAD);
  return (
    <Page>
      <PageHeading title={HEAD.title} description={HEAD.description} />
      <VideoLibrary offlineResults={offlineSearchResults} />
    </Page>
  );
}
