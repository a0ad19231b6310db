import '#pwa/features/blog/test/browser-like-node-name';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { EditorPostSummary } from '#contract/posts';
import { blogKeys } from '#pwa/features/blog';
import { blogAdminKeys } from '#pwa/features/blog-admin';
import { anEditorSummary } from '#pwa/features/blog-admin/test/fixtures';
import { POSTS_OFFLINE } from '#pwa/features/blog-admin/components/desk';
import { SAVE_RETRY_MS } from '#pwa/features/blog-admin/components/post-form';
import { json, mockFetch, offline, type Answer, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { renderWithSaved } from '#pwa/test/render-saved';
import { Component as BlogAdminPage } from './blog-admin';

const aSummary = anEditorSummary;

function renderPage() {
  const router = createMemoryRouter([{ path: '/blog-admin/*', element: <BlogAdminPage /> }], { initialEntries: ['/blog-admin'] });
  return renderWithProviders(<RouterProvider router={router} />);
}

/** Signed in as `user`; the admin list answers `list()`; `other` answers anything else. */
function serve(user: ReturnType<typeof aUser> | null, list: () => EditorPostSummary[], other?: (r: MockRequest) => Answer) {
  if (user) storeUser(user);
  return mockFetch((r) => {
    if (r.path === '/api/auth/me') return user ? json(200, user) : json(401, { message: 'Not signed in' });
    if (r.method === 'GET' && r.path === '/api/blog?status=all&limit=21') return json(200, list());
    if (other) return other(r);
    return json(500, { message: `unexpected ${r.method} ${r.path}` });
  });
}

const editor = aUser({ username: 'editor', isEditor: true });
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const publish = () => screen.getByRole('button', { name: 'Publish Article' });

test('the admin list lives under the blog key root, so its changes refresh the blog pages', () => {
  expect(blogAdminKeys.blogRoot).toEqual(blogKeys.all);
  expect(blogAdminKeys.list()).toEqual(blogKeys.admin());
});

describe('/blog-admin for people who are not editors', () => {
  test('signed out: says it is for editors and offers a sign-in; no form', async () => {
    const requests = serve(null, () => []);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeTruthy();
    expect(await screen.findByText('Blog Management is for editors. Please sign in with an editor account.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(requests).toEqual([]);
  });

  test('signed in without the editor role: says so plainly; no form, no list', async () => {
    const requests = serve(aUser({ isEditor: false }), () => []);
    renderPage();
    expect(await screen.findByText('This page is for editors only.')).toBeTruthy();
    expect(screen.getByText(/signed in as @grace, who does not have the editor role/)).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.queryByRole('heading', { name: /All Posts/ })).toBeNull();
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/auth/me']));
  });
});

describe('/blog-admin for editors: the add-article form', () => {
  test('starts with read time 5 and the first category; checks the title and read time before sending', async () => {
    const requests = serve(editor, () => []);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    expect((field('Read time (minutes)') as HTMLInputElement).value).toBe('5');
    expect((field('Category') as HTMLSelectElement).value).toBe('apologetics');
    expect(within(field('Category')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Apologetics',
      'Bible Study',
      'Theology',
      'Christian Living',
      'Church History',
      'Ministry',
    ]);

    await user.type(field('Title'), '   ');
    await user.clear(field('Read time (minutes)'));
    await user.type(field('Read time (minutes)'), '0');
    await user.click(publish());
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Read time must be at least 1 minute')).toBeTruthy();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Title'));

    await user.clear(field('Read time (minutes)'));
    await user.click(publish());
    expect(await screen.findByText('Read time must be at least 1 minute')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('importing from Substack needs an http(s) Substack URL', async () => {
    const requests = serve(editor, () => []);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    expect(screen.queryByLabelText('Substack URL')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Import from Substack' }));
    await user.type(field('Title'), 'Imported');
    await user.click(screen.getByRole('button', { name: 'Import Article' }));
    expect(await screen.findByText('Substack URL is required')).toBeTruthy();
    await user.type(field('Substack URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Import Article' }));
    expect(await screen.findByText('Please enter a valid http(s) URL')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('Preview renders the Markdown the safe way', async () => {
    serve(editor, () => []);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview yet.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.type(field('Content (Markdown)'), '## Grace{enter}{enter}> Quoted{enter}{enter}[bad](javascript:alert(1)) <img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Grace' })).toBeTruthy();
    expect(panel.querySelector('blockquote')?.textContent).toContain('Quoted');
    expect(panel.querySelector('img, script')).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'bad' })).toBeNull();
  });

  test('Preview shows the post as its page will: category, title, details, excerpt, then the text', async () => {
    serve(editor, () => []);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'Reading Romans slowly');
    await user.type(field('Excerpt'), 'Why the letter rewards patience.');
    await user.selectOptions(field('Category'), 'bible-study');
    await user.clear(field('Read time (minutes)'));
    await user.type(field('Read time (minutes)'), '9');
    await user.type(field('Content (Markdown)'), 'First paragraph.');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const article = within(screen.getByRole('tabpanel', { name: 'Preview' })).getByRole('article', { name: 'Reading Romans slowly' });
    expect(within(article).getByText('Bible Study')).toBeTruthy();
    expect(within(article).getByText('Why the letter rewards patience.')).toBeTruthy();
    expect(within(article).getByText(/9 min read/)).toBeTruthy();
    expect(article.querySelector('time')).toBeTruthy();
    expect(await within(article).findByText('First paragraph.')).toBeTruthy();
  });

  test('publishes with POST /api/blog/create, says so, resets the form and refreshes the list', async () => {
    let posts = [aSummary(1)];
    const requests = serve(editor, () => posts, (r) => {
      if (r.method === 'POST' && r.path === '/api/blog/create') {
        posts = [aSummary(2, { title: 'Fresh article' }), ...posts];
        return json(201, { ...posts[0], content: '' });
      }
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Post 1' });
    await user.type(field('Title'), '  Fresh article ');
    await user.type(field('Excerpt'), 'Short.');
    await user.type(field('Content (Markdown)'), '## Hello');
    await user.selectOptions(field('Category'), 'ministry');
    await user.clear(field('Read time (minutes)'));
    await user.type(field('Read time (minutes)'), '12');
    await user.click(publish());

    expect(await screen.findByText('Blog post created successfully')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/blog/create');
    expect(post.body).toEqual({ title: 'Fresh article', excerpt: 'Short.', content: '## Hello', category: 'ministry', readTime: 12, isExternal: false, status: 'published', coverImageUrl: null, coverImageAlt: null });
    expect((field('Title') as HTMLInputElement).value).toBe('');
    expect((field('Content (Markdown)') as HTMLTextAreaElement).value).toBe('');
    expect((field('Read time (minutes)') as HTMLInputElement).value).toBe('5');
    expect(await screen.findByRole('link', { name: 'Fresh article' })).toBeTruthy();
  });

  test('imports with POST /api/blog/import-substack, with the publication date', async () => {
    const requests = serve(editor, () => [], (r) =>
      r.path === '/api/blog/import-substack' ? json(201, { ...aSummary(3), content: '' }) : json(500, { message: 'unexpected' }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'From Substack');
    await user.click(screen.getByRole('checkbox', { name: 'Import from Substack' }));
    expect(field('Content (HTML from Substack)')).toBeTruthy();
    await user.type(field('Substack URL'), 'https://contextiskey.substack.com/p/hope');
    await user.type(field('Publication date'), '2024-12-25');
    await user.click(screen.getByRole('button', { name: 'Import Article' }));
    expect(await screen.findByText('Blog post created successfully')).toBeTruthy();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/blog/import-substack');
    expect(post.body).toMatchObject({
      title: 'From Substack',
      substackUrl: 'https://contextiskey.substack.com/p/hope',
      publishedAt: '2024-12-25',
      isExternal: true,
      readTime: 5,
      category: 'apologetics',
    });
    expect(screen.queryByLabelText('Substack URL')).toBeNull();
  });

  test("a refused post: 'Failed to create blog post' with the server's words; the form keeps its text", async () => {
    serve(editor, () => [], () => json(403, { message: 'Editors only' }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'Kept');
    await user.click(publish());
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create blog post');
    expect(toast.textContent).toContain('Editors only');
    expect((field('Title') as HTMLInputElement).value).toBe('Kept');
  });
});

describe('/blog-admin for editors: drafts and scheduled posts', () => {
  test("'Save Draft' sends a draft and says 'Draft saved'", async () => {
    const requests = serve(editor, () => [], (r) => (r.method === 'POST' ? json(201, { ...aSummary(5, { status: 'draft' }), content: '' }) : json(500, { message: 'unexpected' })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'Half written');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ title: 'Half written', status: 'draft' });
  });

  test("a publication time ahead turns 'Publish Article' into 'Schedule Article' and sends that instant", async () => {
    const requests = serve(editor, () => [], (r) => (r.method === 'POST' ? json(201, { ...aSummary(6, { status: 'scheduled' }), content: '' }) : json(500, { message: 'unexpected' })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'For Sunday');
    await user.type(field('Publish at'), '2099-06-07T09:30');
    expect(screen.queryByRole('button', { name: 'Publish Article' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Schedule Article' }));
    expect(await screen.findByText('Blog post scheduled')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ title: 'For Sunday', status: 'published', publishedAt: new Date('2099-06-07T09:30').toISOString() });
  });

  test('the list says each post\'s state and filters by it; only published posts link to their page and can be featured', async () => {
    const requests = serve(editor, () => [aSummary(1, { title: 'Out now' }), aSummary(2, { title: 'Not yet', status: 'scheduled' }), aSummary(3, { title: 'Unfinished', status: 'draft' })], (r) =>
      r.path === '/api/blog?status=draft&limit=21' ? json(200, [aSummary(3, { title: 'Unfinished', status: 'draft' })]) : json(500, { message: 'unexpected' }),
    );
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('listitem', { name: 'Out now' });
    expect(within(list).getByText('Published')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Out now' })).toBeTruthy();
    const scheduled = screen.getByRole('listitem', { name: 'Not yet' });
    expect(within(scheduled).getByText('Scheduled')).toBeTruthy();
    expect(within(scheduled).queryByRole('link')).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Unfinished' })).getByText('Draft')).toBeTruthy();
    // Featuring a post readers cannot see would take the featured article off the site.
    expect(within(list).getByRole('button', { name: 'Feature "Out now"' })).toBeTruthy();
    expect(within(scheduled).queryByRole('button', { name: /^Feature/ })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Unfinished' })).queryByRole('button', { name: /^Feature/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Out now' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Unfinished' })).toBeTruthy();
    expect(requests.map((r) => r.path)).toContain('/api/blog?status=draft&limit=21');
  });
});

describe('/blog-admin for editors: the list of posts', () => {
  test('marks the featured post; Feature and Delete call the API, say so and refresh the list', async () => {
    let posts = [aSummary(9, { title: 'Newest' }), aSummary(8, { title: 'Middle', featured: true }), aSummary(7, { title: 'Oldest' })];
    const requests = serve(editor, () => posts, (r) => {
      if (r.method === 'PUT' && r.path === '/api/blog/7/featured') {
        posts = posts.map((p) => ({ ...p, featured: p.id === 7 }));
        return json(200, { ...posts[2], content: '' });
      }
      if (r.method === 'DELETE' && r.path === '/api/blog/9') {
        posts = posts.filter((p) => p.id !== 9);
        return new Response(null, { status: 204 });
      }
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    // The posts' list, not the desk's nav.
    const list = await within(await screen.findByRole('region', { name: /All Posts/ })).findByRole('list');
    const row = (name: string) => within(list).getByRole('listitem', { name });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(within(row('Middle')).getByText('Featured')).toBeTruthy();
    expect(within(row('Middle')).queryByRole('button', { name: /Feature/ })).toBeNull();

    await user.click(within(row('Oldest')).getByRole('button', { name: 'Feature "Oldest"' }));
    expect(await screen.findByText('Featured blog post updated')).toBeTruthy();
    await waitFor(() => expect(within(row('Oldest')).queryByText('Featured')).toBeTruthy());
    expect(within(row('Middle')).queryByText('Featured')).toBeNull();

    await user.click(within(row('Newest')).getByRole('button', { name: 'Delete "Newest"' }));
    expect(await screen.findByText('Blog post deleted successfully')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Newest' })).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/blog/7/featured', 'DELETE /api/blog/9']);
  });

  test("failures: 'Failed to update featured post' and 'Failed to delete blog post'", async () => {
    serve(editor, () => [aSummary(5, { title: 'Stays' })], () => json(500, { message: 'Database unavailable' }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Stays' });
    await user.click(screen.getByRole('button', { name: 'Feature "Stays"' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Failed to update featured post');
    await user.click(screen.getByRole('button', { name: 'Delete "Stays"' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Failed to delete blog post'));
    expect(screen.getByRole('link', { name: 'Stays' })).toBeTruthy();
  });
});

describe('/blog-admin offline', () => {
  const DAY = 24 * 60 * 60 * 1000;
  // jsdom does not apply a disabled fieldset to its fields' :disabled (browsers do): the fieldset is asked.
  const heldFieldset = () => field('Title').closest('fieldset');

  test('the list saved here shows with its age; featuring and deleting wait for the connection; a save waits and goes once back', async () => {
    storeUser(editor);
    let connected = false;
    const created = { ...aSummary(9, { title: 'Written on a plane' }), content: '' };
    const requests = mockFetch((r) => {
      if (!connected) return offline();
      if (r.path === '/api/auth/me') return json(200, editor);
      if (r.method === 'POST' && r.path === '/api/blog/create') return json(201, created);
      if (r.method === 'GET' && r.path.startsWith('/api/blog?status=all')) return json(200, [created]);
      return json(500, { message: `unexpected ${r.method} ${r.path}` });
    });
    setOnline(false);
    const router = createMemoryRouter([{ path: '/blog-admin/*', element: <BlogAdminPage /> }], { initialEntries: ['/blog-admin'] });
    renderWithSaved(<RouterProvider router={router} />, (queryClient) =>
      queryClient.setQueryData(blogAdminKeys.listIn('all'), { pages: [{ posts: [aSummary(1, { title: 'Saved post' })], more: false }], pageParams: [0] }, { updatedAt: Date.now() - 3 * DAY }),
    );
    const item = await screen.findByRole('listitem', { name: 'Saved post' });
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 3 days ago');
    expect(screen.getByText(POSTS_OFFLINE).closest('[role="status"]')).toBeTruthy();
    expect((within(item).getByRole('button', { name: 'Feature "Saved post"' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(item).getByRole('button', { name: 'Delete "Saved post"' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(field('Title'), 'Written on a plane');
    await userEvent.click(publish());
    expect(await screen.findByText(/You're offline: the post will be saved when you're back online/)).toBeTruthy();
    // Held while it waits: what goes is what was saved.
    expect(heldFieldset()?.disabled).toBe(true);
    expect(requests.filter((r) => r.path.startsWith('/api/blog'))).toEqual([]);

    connected = true;
    setOnline(true);
    expect((await screen.findByTestId('toast')).textContent).toContain('Blog post created successfully');
    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/api/blog/create');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ title: 'Written on a plane', status: 'published' });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.queryByText(POSTS_OFFLINE)).toBeNull();
    expect((field('Title') as HTMLInputElement).value).toBe('');
  });

  test('a save whose answer was lost is sent again with the same Idempotency-Key; "Keep editing" lets go of a waiting save', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      let answerLost = true;
      const requests = serve(editor, () => [], (r) => {
        if (r.method !== 'POST' || r.path !== '/api/blog/create') return json(500, { message: 'unexpected' });
        if (answerLost) {
          answerLost = false;
          return offline();
        }
        return json(201, { ...aSummary(3, { title: 'Lost answer' }), content: '' });
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
      renderPage();
      await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
      await user.type(field('Title'), 'Lost answer');
      await user.click(publish());
      expect(await screen.findByText(/The connection dropped: the post will be saved when you're back online/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(SAVE_RETRY_MS));
      expect((await screen.findByTestId('toast')).textContent).toContain('Blog post created successfully');
      const sent = requests.filter((r) => r.method === 'POST' && r.path === '/api/blog/create');
      expect(sent).toHaveLength(2);
      expect(sent[1]!.headers.get('Idempotency-Key')).toBe(sent[0]!.headers.get('Idempotency-Key'));

      // Offline again: a waiting save can be let go of, and the form is the editor's again.
      setOnline(false);
      await user.type(field('Title'), 'Second thoughts');
      await user.click(publish());
      await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
      expect(heldFieldset()?.disabled).toBe(false);
      setOnline(true);
      await act(() => vi.advanceTimersByTimeAsync(SAVE_RETRY_MS));
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a list never fetched here needs a connection, not "Failed to fetch blog posts"', async () => {
    storeUser(editor);
    mockFetch(() => offline());
    setOnline(false);
    renderPage();
    expect(await screen.findByText("You're offline. The list of posts needs a connection.")).toBeTruthy();
    expect(screen.queryByText('Failed to fetch blog posts')).toBeNull();
  });
});

describe("/blog-admin: the desk's sections", () => {
  function renderAt(path: string) {
    const router = createMemoryRouter([{ path: '/blog-admin/*', element: <BlogAdminPage /> }], { initialEntries: [path] });
    renderWithProviders(<RouterProvider router={router} />);
    return router;
  }

  test('a nav of its sections; Subscribers lists the count and every address, and exports them as CSV', async () => {
    const requests = serve(editor, () => [], (r) => {
      if (r.path === '/api/newsletter/subscribers' && r.headers.get('accept') === 'text/csv') return new Response('email,subscribed_at\na@example.com,2026-01-01\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      if (r.path === '/api/newsletter/subscribers') return json(200, { count: 2, subscribers: [{ email: 'new@example.com', subscribedAt: '2026-03-01T10:00:00.000Z' }, { email: 'old@example.com', subscribedAt: '2026-01-01T10:00:00.000Z' }] });
      return json(500, { message: 'unexpected' });
    });
    const created: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:subscribers');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    const user = userEvent.setup();
    renderAt('/blog-admin');
    const nav = await screen.findByRole('navigation', { name: "Editor's desk" });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Posts', 'Videos', 'Devotionals', 'Live', 'Comments', 'Subscribers', 'Activity']);
    await user.click(within(nav).getByRole('link', { name: 'Subscribers' }));
    await screen.findByRole('heading', { level: 2, name: 'Subscribers (2)' });
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['new@example.com', 'old@example.com']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['subscribers.csv']));
    expect(requests.some((r) => r.path === '/api/newsletter/subscribers' && r.headers.get('accept') === 'text/csv')).toBe(true);
    click.mockRestore();
  });

  test('Activity says who did what to which item and when, and shows older entries a page at a time', async () => {
    const entry = (id: number, overrides: Record<string, unknown> = {}) => ({ id, actor: { id: 1, username: 'editor' }, method: 'PUT', route: '/api/blog/:id/featured', path: `/api/blog/${id}/featured`, item: String(id), title: `Post ${id}`, status: 200, at: '2026-03-01T10:00:00.000Z', ...overrides });
    const requests = serve(editor, () => [], (r) => {
      if (r.path === '/api/activity?limit=50') return json(200, Array.from({ length: 50 }, (_, i) => entry(100 - i)));
      if (r.path === '/api/activity?limit=50&before=51') return json(200, [entry(7, { actor: null, method: 'DELETE', route: '/api/blog/:id', title: null })]);
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderAt('/blog-admin/activity');
    await screen.findByText('Post 100', { exact: false });
    const region = screen.getByRole('region', { name: 'Activity' });
    expect(within(region).getAllByRole('listitem')[0]!.textContent).toContain('@editor featured a post: “Post 100”');
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText((text) => text.includes('A former editor'));
    expect(requests.map((r) => r.path)).toContain('/api/activity?limit=50&before=51');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});

describe('/blog-admin: editing a post', () => {
  const full = (overrides: Partial<EditorPostSummary & { content: string }> = {}) => ({ ...aSummary(4, { title: 'Old title', version: 3 }), content: 'Old body.', ...overrides });

  test('Edit fills the form from the server; Update sends the whole post with the version it started from', async () => {
    const requests = serve(editor, () => [aSummary(4, { title: 'Old title', version: 3 })], (r) => {
      if (r.method === 'GET' && r.path === '/api/blog/4?status=all') return json(200, full());
      if (r.method === 'PUT' && r.path === '/api/blog/4') return json(200, full({ title: 'New title', version: 4 }));
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await screen.findByRole('heading', { level: 2, name: 'Edit Article' });
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Old title'));
    expect((field('Content (Markdown)') as HTMLTextAreaElement).value).toBe('Old body.');
    expect(screen.queryByRole('button', { name: 'Save Draft' })).toBeNull();
    expect(screen.queryByLabelText('Import from Substack')).toBeNull();
    await user.clear(field('Title'));
    await user.type(field('Title'), 'New title');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Blog post updated')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ title: 'New title', content: 'Old body.', status: 'published', version: 3 });
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
  });

  test("someone saved since: the form says who, and offers 'Load their version' and 'Keep mine'", async () => {
    let puts = 0;
    const theirs = full({ title: 'Their title', content: 'Their body.', version: 4, updatedBy: { id: 9, username: 'anna' } });
    const requests = serve(editor, () => [aSummary(4, { title: 'Old title', version: 3 })], (r) => {
      if (r.method === 'GET' && r.path === '/api/blog/4?status=all') return json(200, full());
      if (r.method === 'PUT') {
        puts += 1;
        return puts === 1 ? json(409, { message: 'This post was changed by @anna since you opened it', post: theirs }) : json(200, full({ title: 'Mine', version: 5 }));
      }
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Old title'));
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert', { name: /changed by @anna/ });
    expect(alert.textContent).toContain('This post was changed by @anna since you opened it');
    // Their version, to read: the form shows it and the next save starts from it.
    await user.click(within(alert).getByRole('button', { name: 'Load their version' }));
    expect((field('Title') as HTMLInputElement).value).toBe('Their title');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Blog post updated')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { version: number }).version)).toEqual([3, 4]);
  });

  test("'Keep mine' saves this form over theirs, from their version", async () => {
    let puts = 0;
    const requests = serve(editor, () => [aSummary(4, { title: 'Old title', version: 3 })], (r) => {
      if (r.method === 'GET' && r.path === '/api/blog/4?status=all') return json(200, full());
      if (r.method === 'PUT') {
        puts += 1;
        return puts === 1 ? json(409, { message: 'This post was changed by @anna since you opened it', post: full({ title: 'Theirs', version: 7 }) }) : json(200, full({ title: 'Mine', version: 8 }));
      }
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Old title'));
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('alert', { name: /changed by @anna/ })).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Blog post updated')).toBeTruthy();
    const bodies = requests.filter((r) => r.method === 'PUT').map((r) => r.body as { title: string; version: number });
    expect(bodies.map((b) => [b.title, b.version])).toEqual([
      ['Mine', 3],
      ['Mine', 7],
    ]);
  });

  test('History lists the saves; Restore puts one in the form, to save as the next version', async () => {
    serve(editor, () => [aSummary(4, { title: 'Old title', version: 3 })], (r) => {
      if (r.path === '/api/blog/4?status=all') return json(200, full());
      if (r.path === '/api/blog/4/versions')
        return json(200, [3, 2, 1].map((version) => ({ version, title: `Title ${version}`, status: 'published', publishedAt: '2025-02-01T00:00:00.000Z', savedAt: '2025-02-0' + version + 'T00:00:00.000Z', savedBy: { id: 1, username: 'editor' } })));
      if (r.path === '/api/blog/4/versions/1')
        return json(200, { version: 1, title: 'Title 1', status: 'published', publishedAt: '2025-02-01T00:00:00.000Z', savedAt: '2025-02-01T00:00:00.000Z', savedBy: null, content: 'First body.', excerpt: null, category: 'ministry', readTime: 2, thumbnailUrl: null, coverImageUrl: null, coverImageAlt: null });
      return json(500, { message: 'unexpected' });
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Old title'));
    await user.click(screen.getByText('History'));
    const list = await screen.findByRole('list', { name: 'Saved versions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(list).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Title 1'));
    expect((field('Content (Markdown)') as HTMLTextAreaElement).value).toBe('First body.');
    expect((field('Category') as HTMLSelectElement).value).toBe('ministry');
  });
});

describe('/blog-admin: nothing typed is lost', () => {
  test('what was typed is kept on the device: after a reload the form offers "Restore unsaved changes"; a publish forgets it', async () => {
    serve(editor, () => [], (r) => (r.method === 'POST' ? json(201, { ...aSummary(9), content: '' }) : json(500, { message: 'unexpected' })));
    const user = userEvent.setup();
    const first = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Add New Article' });
    await user.type(field('Title'), 'Typed on a train');
    await user.type(field('Content (Markdown)'), 'Half a paragraph');
    await waitFor(() => expect(localStorage.getItem('cik.desk.post.new')).toContain('Typed on a train'));
    first.unmount();

    // The page again, as after a reload or a closed tab.
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Restore unsaved changes' }));
    expect((field('Title') as HTMLInputElement).value).toBe('Typed on a train');
    expect((field('Content (Markdown)') as HTMLTextAreaElement).value).toBe('Half a paragraph');
    await user.click(publish());
    expect(await screen.findByText('Blog post created successfully')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('cik.desk.post.new')).toBeNull());
  });

  test('an edit in progress is kept per post, and Discard forgets it', async () => {
    serve(editor, () => [aSummary(4, { title: 'Old title', version: 3 })], (r) =>
      r.path === '/api/blog/4?status=all' ? json(200, { ...aSummary(4, { title: 'Old title', version: 3 }), content: 'Old body.' }) : json(500, { message: 'unexpected' }),
    );
    const user = userEvent.setup();
    const first = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await waitFor(() => expect((field('Title') as HTMLInputElement).value).toBe('Old title'));
    await user.type(field('Title'), ', revised');
    await waitFor(() => expect(localStorage.getItem('cik.desk.post.4')).toContain('Old title, revised'));
    first.unmount();

    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit "Old title"' }));
    await screen.findByRole('button', { name: 'Restore unsaved changes' });
    expect((field('Title') as HTMLInputElement).value).toBe('Old title');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('button', { name: 'Restore unsaved changes' })).toBeNull();
    expect(localStorage.getItem('cik.desk.post.4')).toBeNull();
  });
});

describe("/blog-admin: the desk's Live", () => {
  const stream = (id: number, overrides: Record<string, unknown> = {}) => ({ id, title: `Stream ${id}`, description: null, isLive: false, viewerCount: 0, thumbnailUrl: null, scheduledFor: '2099-01-04T18:00:00.000Z', youtubeId: 'dQw4w9WgXcQ', ...overrides });

  test('schedules a stream; Go live and End stream send the stream whole; a second live stream is refused in the API\'s words', async () => {
    const requests = serve(editor, () => [], (r) => {
      if (r.path === '/api/live-streams/current') return json(200, stream(1, { isLive: true }));
      if (r.path === '/api/live-streams/upcoming') return json(200, [stream(2)]);
      if (r.method === 'POST' && r.path === '/api/live-streams') return json(201, stream(3));
      if (r.method === 'PUT' && r.path === '/api/live-streams/2') return json(409, { message: '"Stream 1" is live now. End it before going live with another stream.' });
      if (r.method === 'PUT' && r.path === '/api/live-streams/1') return json(200, stream(1));
      return json(500, { message: 'unexpected' });
    });
    const router = createMemoryRouter([{ path: '/blog-admin/*', element: <BlogAdminPage /> }], { initialEntries: ['/blog-admin/live'] });
    renderWithProviders(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const live = await screen.findByRole('listitem', { name: 'Stream 1' });
    expect(within(live).getByText('Live')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Schedule a stream' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Please enter a date and time')).toBeTruthy();
    await user.type(field('Title'), 'Sunday Q&A');
    await user.type(field('YouTube link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.type(field('Date and time'), '2099-01-11T18:00');
    await user.click(screen.getByRole('button', { name: 'Schedule a stream' }));
    expect(await screen.findByText('Stream scheduled')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ title: 'Sunday Q&A', description: null, url: 'https://youtu.be/dQw4w9WgXcQ', scheduledFor: new Date('2099-01-11T18:00').toISOString() });

    await user.click(within(screen.getByRole('listitem', { name: 'Stream 2' })).getByRole('button', { name: 'Go live' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('"Stream 1" is live now.');
    await user.click(within(screen.getByRole('listitem', { name: 'Stream 1' })).getByRole('button', { name: 'End stream' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/api/live-streams/2', '/api/live-streams/1']));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { title: 'Stream 2', description: null, url: 'dQw4w9WgXcQ', scheduledFor: '2099-01-04T18:00:00.000Z', isLive: true },
      { title: 'Stream 1', description: null, url: 'dQw4w9WgXcQ', scheduledFor: '2099-01-04T18:00:00.000Z', isLive: false },
    ]);
  });
});
