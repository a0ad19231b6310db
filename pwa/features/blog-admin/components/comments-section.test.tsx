import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ReportedComment } from '#contract/comment-moderation';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { CommentsSection } from './comments-section';

const editor = aUser({ username: 'editor', isEditor: true });
const LIST = '/api/comments/reported?limit=50';
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

function aReported(id: number, overrides: Partial<ReportedComment> = {}): ReportedComment {
  return {
    id,
    userId: 2,
    contentType: 'blog',
    contentId: 3,
    contentTitle: 'On grace',
    comment: `Comment ${id}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    user: { name: 'Ada Lovelace', avatarUrl: null },
    reportCount: 1,
    reports: [{ reason: null, reportedAt: '2026-03-02T10:00:00.000Z' }],
    ...overrides,
  };
}

/** The section as the desk shows it; the queue answers `queue()`, `write` anything else. */
function setup(queue: () => ReportedComment[], write: (r: MockRequest) => Response = () => json(500, { message: 'unexpected' })) {
  storeUser(editor);
  const requests = mockFetch((r) => {
    if (r.path === '/api/auth/me') return json(200, editor);
    if (r.method === 'GET' && r.path === LIST) return json(200, queue());
    return write(r);
  });
  const router = createMemoryRouter([{ path: '/blog-admin/comments', element: <CommentsSection userId={editor.id} /> }], { initialEntries: ['/blog-admin/comments'] });
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<RouterProvider router={router} />);
  return { requests, user, queryClient };
}

const writes = (requests: MockRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path, body: r.body }));
const item = (name: string) => screen.getByRole('listitem', { name });

describe("the desk's Comments", () => {
  test('lists the reported comments in the order given (most reported first): the comment, its author, where it is, the reports and their reasons', async () => {
    setup(() => [
      aReported(5, {
        reportCount: 3,
        user: { name: 'Bob Troll', avatarUrl: null },
        comment: 'Buy cheap pills',
        reports: [
          { reason: 'Spam', reportedAt: '2026-03-03T10:00:00.000Z' },
          { reason: null, reportedAt: '2026-03-02T12:00:00.000Z' },
          { reason: 'Advertising', reportedAt: '2026-03-02T10:00:00.000Z' },
        ],
      }),
      aReported(8, { contentType: 'video', contentId: 12, contentTitle: 'The Creed, explained' }),
      aReported(9, { user: { name: 'Cy Gone', avatarUrl: null }, contentTitle: null }),
    ]);
    await screen.findByText('Buy cheap pills');
    expect(screen.getByRole('heading', { level: 2, name: 'Reported comments (3)' })).toBeTruthy();
    const items = screen.getAllByRole('listitem', { name: /^Reported comment by / });
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual(['Reported comment by Bob Troll', 'Reported comment by Ada Lovelace', 'Reported comment by Cy Gone']);

    const first = item('Reported comment by Bob Troll');
    expect(within(first).getByText('3 reports')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'On grace' }).getAttribute('href')).toBe('/blog/3');
    const reasons = within(within(first).getByRole('list', { name: 'Reasons' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(reasons[0]).toContain('“Spam”');
    expect(reasons[1]).toContain('No reason given');
    expect(reasons[2]).toContain('“Advertising”');

    const video = item('Reported comment by Ada Lovelace');
    expect(within(video).getByText('1 report')).toBeTruthy();
    expect(within(video).getByRole('link', { name: 'The Creed, explained' }).getAttribute('href')).toBe('/watch/12');
    const gone = item('Reported comment by Cy Gone');
    expect(within(gone).queryByRole('link')).toBeNull();
    expect(within(gone).getByText('a deleted article')).toBeTruthy();
  });

  test('nothing reported: "No reported comments."', async () => {
    setup(() => []);
    expect(await screen.findByText('No reported comments.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Reported comments (0)' })).toBeTruthy();
  });

  test('Hide: PUT hidden true, "Comment hidden", it leaves the queue and the public comment lists are refreshed', async () => {
    let queue = [aReported(5, { user: { name: 'Bob Troll', avatarUrl: null } }), aReported(8)];
    const { requests, user, queryClient } = setup(() => queue, () => {
      queue = queue.filter((c) => c.id !== 5);
      return json(200, { id: 5, hidden: true, reportCount: 1 });
    });
    queryClient.setQueryData(['comments', 'blog', 3], { pages: [[]], pageParams: [undefined] });
    await user.click(await screen.findByRole('button', { name: 'Hide comment by Bob Troll' }));
    await waitFor(() => expect(toastText()).toContain('Comment hidden'));
    expect(writes(requests)).toEqual([{ method: 'PUT', path: '/api/comments/5/hidden', body: { hidden: true } }]);
    await waitFor(() => expect(screen.queryByText('Comment 5')).toBeNull());
    expect(screen.getByText('Comment 8')).toBeTruthy();
    expect(queryClient.getQueryState(['comments', 'blog', 3])?.isInvalidated).toBe(true);
    await waitFor(() => expect(requests.filter((r) => r.path === LIST)).toHaveLength(2));
  });

  test('Dismiss: DELETE its reports, "Reports dismissed", it leaves the queue (the comment itself stays up)', async () => {
    let queue = [aReported(5)];
    const { requests, user, queryClient } = setup(() => queue, () => {
      queue = [];
      return new Response(null, { status: 204 });
    });
    queryClient.setQueryData(['comments', 'blog', 3], { pages: [[]], pageParams: [undefined] });
    await user.click(await screen.findByRole('button', { name: 'Dismiss reports of comment by Ada Lovelace' }));
    await waitFor(() => expect(toastText()).toContain('Reports dismissed'));
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: '/api/comments/5/reports', body: undefined }]);
    expect(await screen.findByText('No reported comments.')).toBeTruthy();
    expect(queryClient.getQueryState(['comments', 'blog', 3])?.isInvalidated).toBe(false);
  });

  test('a failed action says so with the server message and keeps the comment', async () => {
    const { user } = setup(() => [aReported(5)], () => json(404, { message: 'That comment does not exist.' }));
    await user.click(await screen.findByRole('button', { name: 'Hide comment by Ada Lovelace' }));
    await waitFor(() => expect(toastText()).toContain('Failed to hide comment'));
    expect(toastText()).toContain('That comment does not exist.');
    expect(screen.getByText('Comment 5')).toBeTruthy();
  });

  test('offline: Hide and Dismiss are disabled', async () => {
    setup(() => [aReported(5)]);
    await screen.findByText('Comment 5');
    setOnline(false);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Hide comment by Ada Lovelace' }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Dismiss reports of comment by Ada Lovelace' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a failed read says so and offers "Try again"', async () => {
    let fail = true;
    storeUser(editor);
    mockFetch((r) => (r.path === '/api/auth/me' ? json(200, editor) : fail ? json(500, { message: 'Down' }) : json(200, [])));
    const router = createMemoryRouter([{ path: '/', element: <CommentsSection userId={editor.id} /> }]);
    const user = userEvent.setup();
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('Failed to fetch reported comments', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reported comments.')).toBeTruthy();
  });
});
