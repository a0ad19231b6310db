import { useSearchParams } from 'react-router-dom';
import { isCategory } from '#contract/categories';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { usePageHead } from '#pwa/lib/use-document-title';
import { BlogList } from '#pwa/features/blog/components/blog-list';
// By path: the button is small, the saving itself loads when it is pressed.
import { SaveAllButton } from '#pwa/features/saved/components/save-all-button';

const HEAD = { title: 'Knowledge Blog', description: 'Articles on defending the faith and reading scripture in context.' };

export function Component() {
  usePageHead(HEAD);
  // The same category the list shows (?category=; anything else means all posts).
  const [params] = useSearchParams();
  const category = params.get('category');
  return (
    <Page>
      <PageHeading title={HEAD.title} description={HEAD.description} />
      <SaveAllButton category={isCategory(category) ? category : 'all'} />
      <BlogList />
    </Page>
  );
}
