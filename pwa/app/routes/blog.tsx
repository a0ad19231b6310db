import { useSearchParams } from 'react-router-dom';
import { categorySchema } from '#contract/common';
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
  const parsed = categorySchema.safeParse(params.get('category'));
  return (
    <Page>
      <PageHeading title={HEAD.title} description={HEAD.description} />
      <SaveAllButton category={parsed.success ? parsed.data : 'all'} />
      <BlogList />
    </Page>
  );
}
