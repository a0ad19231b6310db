import { Page, PageHeading } from '../../components/ui/page';
import { usePageHead } from '../../lib/use-document-title';
import { BlogList } from '../../features/blog/components/blog-list';

const HEAD = { title: 'Knowledge Blog', description: 'Articles on defending the faith and reading scripture in context.' };

export function Component() {
  usePageHead(HEAD);
  return (
    <Page>
      <PageHeading title={HEAD.title} description={HEAD.description} />
      <BlogList />
    </Page>
  );
}
