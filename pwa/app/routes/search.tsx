import { useSearchParams } from 'react-router-dom';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { useDocumentTitle } from '#pwa/lib/use-document-title';
import { SiteSearch } from '#pwa/features/search';
import { offlineSearchResults } from '../deferred/offline-search';

export function Component() {
  const [params] = useSearchParams();
  // Blank or whitespace-only text is no query: the page offers topics instead (docs/product.md#input-rules).
  const query = (params.get('q') ?? '').trim();
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  return (
    <Page>
      <PageHeading title="Search" description="Search videos, articles, and topics." />
      <SiteSearch query={query} offlineResults={offlineSearchResults} />
    </Page>
  );
}
