import { useSearchParams } from 'react-router-dom';
import { Page, PageHeading } from '../../components/ui/page';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (search): results grouped into Videos and Articles, 'Found N result(s)…', topic chips, no-results links.
export function Component() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  useDocumentTitle(query ? `Search: ${query}` : 'Search');
  return (
    <Page>
      <PageHeading title="Search" />
      {query ? <p className="text-base-content/80">Results for &quot;{query}&quot;</p> : <p className="text-base-content/80">Search videos, articles, and topics.</p>}
    </Page>
  );
}
