import '../test/browser-like-node-name';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, offline, type Answer, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { blogKeys } from '../api/keys';
import { aPost, renderAt, summaryOf } from '../test/fixtures';
import { useParams } from 'react-router-dom';
import { BlogPostView } from './blog-post-view';

function Screen() {
  const { id } = useParams();
  return <BlogPostView id={id} afterArticle={(post) => <p>comments for {post.id}</p>} actions={() => <button type="button">Bookmark</button>} />;
}

type Post = ReturnType<typeof aPost>;

/** Answers the post, its view count and its category's related list. */
function serve(post: Post, related: ReturnType<typeof summaryOf>[] = [summaryOf(post)], extra?: (r: MockRequest) => Answer | undefined) {
  return mockFetch((r) => {
    const answer = extra?.(r);
    if (answer) return answer;
    if (r.method === 'GET' && r.path === `/api/blog/${post.id}`) return json(200, post);
    if (r.method === 'POST' && r.path === `/api/blog/${post.id}/views`) return json(200, { id: post.id, views: post.views + 1 });
    if (r.method === 'GET' && r.path === `/api/blog?category=${post.category}&limit=5&offset=0`) return json(200, related);
    return json(500, { message: `unexpected ${r.method} ${r.path}` });
  });
}

const article = () => screen.getByRole('article');

describe('/blog/{id}', () => {
  test('shows the post: title, date, read time, views, excerpt and its Markdown content; counts one view', async () => {
    const post = aPost({
      title: 'Reading Romans in context',
      views: 12345,
      readTime: 7,
      excerpt: 'Why the letter reads differently in one sitting.',
      content: '# Top heading\n\nFirst paragraph.\n\n## Second heading\n\n> A quotation\n\n- one\n- two',
    });
    const requests = serve(post);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading Romans in context' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(screen.getByText('March 4, 2025')).toBeTruthy();
    expect(screen.getByText('7 min read')).toBeTruthy();
    expect(screen.getByText('Why the letter reads differently in one sitting.')).toBeTruthy();
    // A '#' in the body is below the title: <h2>.
    // The Markdown renderer is its own chunk: the body appears once it has loaded.
    expect(await within(article()).findByRole('heading', { level: 2, name: 'Top heading' })).toBeTruthy();
    expect(within(article()).getByRole('heading', { level: 2, name: 'Second heading' })).toBeTruthy();
    expect(article().querySelector('blockquote')?.textContent).toContain('A quotation');
    expect(within(article()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeTruthy();
    expect(screen.getByText(`comments for ${post.id}`)).toBeTruthy();
    // The view is counted once, even in StrictMode, and the new total is shown.
    expect(await screen.findByText(`${(12346).toLocaleString()} views`)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(document.title).toBe('Reading Romans in context · context is key');
  });

  test('runs no script from content: no <script>, no event handlers, no javascript: links', async () => {
    const post = aPost({
      content: [
        'Hello <script>window.__pwned = true</script>',
        '',
        '<img src="x" onerror="window.__pwned = true">',
        '',
        '[click me](javascript:alert(1)) and [me too](JaVaScRiPt:alert(2)) and [me three](java&#x09;script:alert(3)) and ![pic](javascript:alert(4))',
        '',
        '<p onclick="window.__pwned = true" style="color:red">styled</p>',
        '',
        '<iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>',
      ].join('\n'),
    });
    serve(post);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    await screen.findByRole('heading', { level: 1, name: post.title });
    await waitFor(() => expect(article().querySelector('.blog-prose')?.textContent).toContain('click me'));
    const content = article().querySelector('.blog-prose')!;
    expect(content.querySelector('script, iframe, svg, img')).toBeNull();
    for (const el of content.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
      expect(el.hasAttribute('style')).toBe(false);
    }
    for (const a of content.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    expect(within(content as HTMLElement).queryByRole('link', { name: 'click me' })).toBeNull();
    expect(content.textContent).toContain('click me');
    // Raw HTML is not Markdown: it shows as the text it is.
    expect(content.textContent).toContain('<script>window.__pwned = true</script>');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  test('links to other sites open in a new tab without opener or referrer; links on this site do not', async () => {
    const post = aPost({ content: 'See [the source](https://example.org/paper) and [another post](/blog/3).' });
    serve(post);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    const external = await screen.findByRole('link', { name: 'the source' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'another post' });
    expect(internal.getAttribute('target')).toBeNull();
  });

  test("an external post links to Substack with 'Read on Substack'", async () => {
    const post = aPost({ isExternal: true, substackUrl: 'https://contextiskey.substack.com/p/grace' });
    serve(post);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    const link = await screen.findByRole('link', { name: 'Read on Substack' });
    expect(link.getAttribute('href')).toBe('https://contextiskey.substack.com/p/grace');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  test("a missing post: 'Article Not Found' with a way back, and no view counted", async () => {
    const requests = mockFetch(() => json(404, { message: 'Article not found' }));
    renderAt('/blog/999', '/blog/:id', <Screen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/blog/999']);
  });

  test("an id that is not a number: 'Article Not Found' without asking the server", async () => {
    const requests = mockFetch(() => json(500, {}));
    renderAt('/blog/abc', '/blog/:id', <Screen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  test("a server failure: 'Failed to fetch blog post'", async () => {
    mockFetch(() => json(500, { message: 'Database unavailable' }));
    renderAt('/blog/5', '/blog/:id', <Screen />);
    expect(await screen.findByText('Failed to fetch blog post')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('related posts', () => {
  test('up to 4 others of the same category, not this one', async () => {
    const post = aPost({ category: 'theology' });
    const others = Array.from({ length: 4 }, () => summaryOf(aPost({ category: 'theology' })));
    serve(post, [others[0]!, summaryOf(post), ...others.slice(1)]);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    const section = await screen.findByRole('region', { name: 'Related Articles' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(others.map((p) => p.title));
  });

  test('none when the post is the only one of its category', async () => {
    const post = aPost({ category: 'ministry' });
    const requests = serve(post, [summaryOf(post)]);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    await screen.findByRole('heading', { level: 1, name: post.title });
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/blog?category=ministry'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading related articles…' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Related Articles' })).toBeNull();
    expect(screen.queryByText('Related Articles')).toBeNull();
  });

  test("'Failed to fetch related posts' when they cannot be loaded", async () => {
    const post = aPost({ category: 'bible-study' });
    serve(post, [], (r) => (r.path.startsWith('/api/blog?category=') ? json(500, { message: 'boom' }) : undefined));
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    expect(await screen.findByText('Failed to fetch related posts')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  });
});

describe('/blog/{id} offline', () => {
  const DAY = 24 * 60 * 60 * 1000;

  test('a post saved 2 days ago: its text and age, the related posts saved with its category, and no read asked of the network', async () => {
    const post = aPost({ category: 'theology', content: '## Saved\n\nRead on the train.' });
    const other = summaryOf(aPost({ category: 'theology', title: 'Another theology post' }));
    const requests = mockFetch(() => offline());
    setOnline(false);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />, (queryClient) => {
      queryClient.setQueryData(blogKeys.detail(post.id), post, { updatedAt: Date.now() - 2 * DAY });
      queryClient.setQueryData(blogKeys.related('theology'), [summaryOf(post), other], { updatedAt: Date.now() - 5 * DAY });
    });
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
    expect(screen.getByText('Read on the train.')).toBeTruthy();
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 2 days ago');
    const related = screen.getByRole('region', { name: 'Related Articles' });
    expect(within(related).getByRole('heading', { level: 3, name: 'Another theology post' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.filter((r) => r.method === 'GET')).toEqual([]);
  });

  test('a post read before that an editor has since deleted: the server says 404, the saved copy is not shown', async () => {
    const post = aPost();
    mockFetch((r) => (r.path === `/api/blog/${post.id}` ? json(404, { message: 'Article not found' }) : json(200, [])));
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />, (queryClient) => queryClient.setQueryData(blogKeys.detail(post.id), post, { updatedAt: Date.now() - DAY }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: post.title })).toBeNull();
  });

  test('related posts never fetched here: a quiet note under their heading, the article unaffected', async () => {
    const post = aPost({ category: 'ministry' });
    mockFetch(() => offline());
    setOnline(false);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />, (queryClient) => queryClient.setQueryData(blogKeys.detail(post.id), post, { updatedAt: Date.now() - DAY }));
    const related = await screen.findByRole('region', { name: 'Related Articles' });
    expect(await within(related).findByText("You're offline. This list needs a connection.")).toBeTruthy();
    expect(screen.queryByText('Failed to fetch related posts')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  });

  test('a post never opened here needs a connection, with Back to Blog; Retry reads it once the signal is back', async () => {
    const post = aPost();
    let reachable = false;
    serve(post, [summaryOf(post)], () => (reachable ? undefined : offline()));
    setOnline(false);
    renderAt(`/blog/${post.id}`, '/blog/:id', <Screen />);
    expect(await screen.findByText("You're offline. This page needs a connection the first time you open it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeTruthy();
    expect(screen.queryByText('Failed to fetch blog post')).toBeNull();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();
  });
});
