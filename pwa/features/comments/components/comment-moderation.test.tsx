import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDb, outbox } from '#pwa/offline';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { Comments } from './comments';

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const me = aUser();
const editor = aUser({ id: 9, name: 'Eddie Editor', username: 'eddie', isEditor: true });
const LIST = '/api/comments?contentType=blog&contentId=3&limit=20';
const theirs = {
  id: 1,
  userId: 2,
  contentType: 'blog',
  contentId: 3,
  comment: 'Not a kind word here.',
  createdAt: '2026-01-01T10:00:00.000Z',
  user: { name: 'Ada Lovelace', avatarUrl: null },
};
const mine = { ...theirs, id: 2, userId: me.id, comment: 'My own two cents.', user: { name: me.name, avatarUrl: null } };

beforeEach(async () => {
  await appDb.outbox.clear();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => outbox.stop());

/** Signed in as `who` (or not); the list answers `shown()`; `write` answers anything else. */
function setup(who: ReturnType<typeof aUser> | null, shown: () => unknown[], write: (r: MockRequest) => Response = () => json(500, { message: 'unexpected' })) {
  if (who) storeUser(who);
  const requests = mockFetch((r) => {
    if (r.path === '/api/auth/me') return who ? json(200, who) : json(401, { message: 'Not signed in' });
    if (r.method === 'GET' && r.path === LIST) return json(200, shown());
    return write(r);
  });
  const user = userEvent.setup();
  renderWithProviders(<Comments contentType="blog" contentId={3} />);
  return { requests, user };
}

const writes = (requests: MockRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path, body: r.body }));
const listFetches = (requests: MockRequest[]) => requests.filter((r) => r.path === LIST).length;
const reportDialog = () => screen.getByRole('dialog', { name: 'Report this comment' });

describe('Report', () => {
  test('without a reason: a small dialog, then POST {} ; thanks the reader and refreshes the comments', async () => {
    const { requests, user } = setup(me, () => [mine, theirs], () => json(201, { commentId: 1, reason: null, reportedAt: '2026-01-02T10:00:00.000Z' }));
    await user.click(await screen.findByRole('button', { name: 'Report comment by Ada Lovelace' }));
    expect(within(reportDialog()).getByText('Not a kind word here.')).toBeTruthy();
    await user.click(within(reportDialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toastText()).toContain('Thanks, an editor will look at it'));
    expect(writes(requests)).toEqual([{ method: 'POST', path: '/api/comments/1/report', body: {} }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this comment' })).toBeNull());
    await waitFor(() => expect(listFetches(requests)).toBe(2));
    // The comment stays: a report hides nothing.
    expect(screen.getByText('Not a kind word here.')).toBeTruthy();
  });

  test('with a reason: sends it trimmed; Cancel sends nothing and the next report starts blank', async () => {
    const { requests, user } = setup(me, () => [theirs], () => json(201, { commentId: 1, reason: 'Rude', reportedAt: '2026-01-02T10:00:00.000Z' }));
    await user.click(await screen.findByRole('button', { name: 'Report comment by Ada Lovelace' }));
    await user.type(within(reportDialog()).getByLabelText('Reason (optional)'), 'Never mind');
    await user.click(within(reportDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this comment' })).toBeNull());
    expect(writes(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Report comment by Ada Lovelace' }));
    const reason = within(reportDialog()).getByLabelText('Reason (optional)') as HTMLTextAreaElement;
    expect(reason.value).toBe('');
    await user.type(reason, '  Rude  ');
    await user.click(within(reportDialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toastText()).toContain('Thanks, an editor will look at it'));
    expect(writes(requests)).toEqual([{ method: 'POST', path: '/api/comments/1/report', body: { reason: 'Rude' } }]);
  });

  test('a second report of the same comment (409) says it was already reported', async () => {
    const { user } = setup(me, () => [theirs], () => json(409, { message: 'You have already reported this comment.' }));
    await user.click(await screen.findByRole('button', { name: 'Report comment by Ada Lovelace' }));
    await user.click(within(reportDialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toastText()).toContain('Already reported'));
    expect(toastText()).toContain('You have already reported this comment.');
    expect(toastText()).not.toContain('Thanks');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this comment' })).toBeNull());
  });

  test('any other failure keeps the dialog and the reason, with the server message', async () => {
    const { user } = setup(me, () => [theirs], () => json(500, { message: 'Something broke' }));
    await user.click(await screen.findByRole('button', { name: 'Report comment by Ada Lovelace' }));
    await user.type(within(reportDialog()).getByLabelText('Reason (optional)'), 'Spam');
    await user.click(within(reportDialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toastText()).toContain('Failed to report comment'));
    expect(toastText()).toContain('Something broke');
    expect((within(reportDialog()).getByLabelText('Reason (optional)') as HTMLTextAreaElement).value).toBe('Spam');
  });
});

describe('Delete and Hide', () => {
  test("the author deletes their own comment only after confirming; it goes from the list", async () => {
    let deleted = false;
    const { requests, user } = setup(me, () => (deleted ? [theirs] : [mine, theirs]), () => {
      deleted = true;
      return new Response(null, { status: 204 });
    });
    await user.click(await screen.findByRole('button', { name: 'Delete your comment' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete your comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete your comment?' })).toBeNull());
    expect(writes(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete your comment' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete your comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastText()).toContain('Comment deleted'));
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: '/api/comments/2', body: undefined }]);
    await waitFor(() => expect(screen.queryByText('My own two cents.')).toBeNull());
    expect(screen.getByText('Not a kind word here.')).toBeTruthy();
    await waitFor(() => expect(listFetches(requests)).toBe(2));
  });

  test('an editor hides any comment for everyone: PUT hidden true, and it leaves the list', async () => {
    let hidden = false;
    const { requests, user } = setup(editor, () => (hidden ? [mine] : [mine, theirs]), () => {
      hidden = true;
      return json(200, { id: 1, hidden: true, reportCount: 0 });
    });
    await screen.findByText('Not a kind word here.');
    // Both comments are someone else's: each has Report and Hide, neither Delete.
    expect(screen.getAllByRole('button', { name: /^Hide comment by / })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Report comment by / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Delete your comment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide comment by Ada Lovelace' }));
    await waitFor(() => expect(toastText()).toContain('Comment hidden'));
    expect(writes(requests)).toEqual([{ method: 'PUT', path: '/api/comments/1/hidden', body: { hidden: true } }]);
    await waitFor(() => expect(screen.queryByText('Not a kind word here.')).toBeNull());
    expect(screen.getByText('My own two cents.')).toBeTruthy();
  });

  test('a failed hide says so with the server message and keeps the comment', async () => {
    const { user } = setup(editor, () => [theirs], () => json(403, { message: 'Only editors can moderate comments.' }));
    await user.click(await screen.findByRole('button', { name: 'Hide comment by Ada Lovelace' }));
    await waitFor(() => expect(toastText()).toContain('Failed to hide comment'));
    expect(toastText()).toContain('Only editors can moderate comments.');
    expect(screen.getByText('Not a kind word here.')).toBeTruthy();
  });
});

describe('who sees which button', () => {
  test('signed out: none', async () => {
    setup(null, () => [mine, theirs]);
    await screen.findByText('Not a kind word here.');
    await screen.findByText('Please sign in to comment.');
    expect(screen.queryByRole('button', { name: /Report|Delete|Hide/ })).toBeNull();
  });

  test('a reader: Report on others only, Delete on their own only, Hide nowhere', async () => {
    setup(me, () => [mine, theirs]);
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    await within(list).findByRole('button', { name: 'Report comment by Ada Lovelace' });
    const [own, other] = within(list).getAllByRole('listitem');
    expect(within(own!).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Delete']);
    expect(within(other!).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Report']);
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
  });

  test('offline: the buttons are there but disabled', async () => {
    setup(editor, () => [theirs]);
    await screen.findByRole('button', { name: 'Report comment by Ada Lovelace' });
    setOnline(false);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Report comment by Ada Lovelace' }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Hide comment by Ada Lovelace' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
