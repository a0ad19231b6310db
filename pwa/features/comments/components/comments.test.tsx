import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPEN_AUTH_DIALOG_EVENT } from '#pwa/lib/auth-dialog';
import { appDb, outbox } from '#pwa/offline';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { Comments } from './comments';
import { commentKeys, type CommentPages } from '../api/comments';
import { postCommentWrite } from '../api/writes';
import { Delivery } from '#pwa/test/delivery';
import { createQueryClient } from '#pwa/lib/query-client';

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const me = aUser();
const LIST = '/api/comments?contentType=video&contentId=4&limit=20';
const older = {
  id: 1,
  userId: 2,
  contentType: 'video',
  contentId: 4,
  comment: 'Great point about\nhistorical context.',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  user: { name: 'Ada Lovelace', avatarUrl: null },
};
const created = (comment: string, id = 2) => ({ ...older, id, userId: 7, comment, createdAt: new Date().toISOString(), user: { name: me.name, avatarUrl: null } });

beforeEach(async () => {
  await appDb.outbox.clear();
  // Delivery, IndexedDB live queries and refetches land whenever they land, as in the browser; the
  // tests wait for what the user sees (findBy/waitFor) instead of wrapping each of them in act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => outbox.stop());

function setup(answer: (r: MockRequest) => Response | Promise<Response>) {
  const requests = mockFetch(answer);
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <Delivery />
      <Comments contentType="video" contentId={4} />
    </>,
  );
  return { requests, user };
}

const field = () => screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
const postButton = () => screen.getByRole('button', { name: 'Post Comment' }) as HTMLButtonElement;
const list = () => screen.getByRole('list', { name: 'Comments, newest first' });

describe('Comments', () => {
  test("signed out: reads the comments (author, initials, age) and 'Please sign in to comment.' opens the auth dialog", async () => {
    const opened: unknown[] = [];
    const onOpen = (e: Event) => opened.push((e as CustomEvent).detail);
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
    const { requests, user } = setup((r) => (r.path === LIST ? json(200, [older]) : json(404, {})));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('AL')).toBeTruthy();
    expect(screen.getByText('3 days ago')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    expect(screen.getByText('Please sign in to comment.')).toBeTruthy();
    expect(screen.queryByLabelText('Add a comment')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(opened).toEqual([{ tab: 'login' }]);
    window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
    expect(requests.map((r) => r.path)).toEqual([LIST]);
  });

  test("20 at a time: 'Show older comments' asks for those before the oldest shown, and goes when there are no more", async () => {
    const at = (n: number) => ({ ...older, id: n, comment: `Comment ${n}`, createdAt: new Date(Date.now() - (100 - n) * 60_000).toISOString() });
    const newest = Array.from({ length: 20 }, (_, i) => at(30 - i)); // 30…11
    const oldest = Array.from({ length: 10 }, (_, i) => at(10 - i)); // 10…1
    const { requests, user } = setup((r) => (r.path === LIST ? json(200, newest) : r.path === `${LIST}&before=11` ? json(200, oldest) : json(404, {})));
    expect(await screen.findByText('Comment 30')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (20+)' })).toBeTruthy();
    expect(screen.queryByText('Comment 10')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(await screen.findByText('Comment 1')).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByRole('heading', { name: 'Comments (30)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older comments' })).toBeNull();
    expect(requests.map((r) => r.path)).toEqual([LIST, `${LIST}&before=11`]);
  });

  test("older comments that cannot be fetched say so, keep the newer ones, and the button tries again", async () => {
    const at = (n: number) => ({ ...older, id: n, comment: `Comment ${n}`, createdAt: new Date(Date.now() - (100 - n) * 60_000).toISOString() });
    let reachable = false;
    const { user } = setup((r) =>
      r.path === LIST ? json(200, Array.from({ length: 20 }, (_, i) => at(30 - i))) : r.path === `${LIST}&before=11` && reachable ? json(200, [at(5)]) : Promise.reject(new TypeError('Failed to fetch')),
    );
    await screen.findByText('Comment 30');
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(await screen.findByText('Could not load older comments.')).toBeTruthy();
    expect(screen.getByText('Comment 11')).toBeTruthy();
    expect(screen.queryByText('Could not load the comments.')).toBeNull();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(await screen.findByText('Comment 5')).toBeTruthy();
    expect(screen.queryByText('Could not load older comments.')).toBeNull();
  });

  test('no comments yet', async () => {
    setup(() => json(200, []));
    expect(await screen.findByText('No comments yet. Be the first to share your thoughts.')).toBeTruthy();
  });

  test("a blank comment cannot be posted: the button is disabled and forcing it says 'Empty comment' / 'Please enter a comment.'", async () => {
    storeUser(me);
    const { requests, user } = setup((r) => (r.path === '/api/auth/me' ? json(200, me) : json(200, [])));
    await screen.findByLabelText('Add a comment');
    expect(postButton().disabled).toBe(true);
    await user.type(field(), '   ');
    expect(postButton().disabled).toBe(true);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(toastText()).toContain('Empty comment'));
    expect(toastText()).toContain('Please enter a comment.');
    fireEvent.submit(field().form!);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await appDb.outbox.count()).toBe(0);
  });

  test("posts the trimmed text through the outbox: at once at the top, waiting to sync, 'Comment posted!', then as a comment", async () => {
    storeUser(me);
    let release!: (r: Response) => void;
    let posted = false;
    const { requests, user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path === LIST) return json(200, posted ? [created('Amen to that.'), older] : [older]);
      posted = true;
      return new Promise<Response>((resolve) => (release = resolve));
    });
    await screen.findByText('Ada Lovelace');
    await user.type(field(), '  Amen to that.  ');
    expect(screen.getByText('17/2,000 characters')).toBeTruthy();
    await user.click(postButton());
    await waitFor(() => expect(toastText()).toContain('Comment posted!'));
    expect(field().value).toBe('');
    const items = within(list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Amen to that.');
    expect(within(items[0]!).getByText('Waiting to sync')).toBeTruthy();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ userId: 7, contentType: 'video', contentId: 4, comment: 'Amen to that.' }));

    release(json(201, created('Amen to that.')));
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain('Amen to that.');
    expect(within(list()).getAllByRole('listitem')[0]!.textContent).toContain('just now');
  });

  test("a refused comment stays with its text and the server's words; Retry sends it again", async () => {
    storeUser(me);
    let posts = 0;
    const { user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path === LIST) return json(200, posts > 1 ? [created('Hold on to this.', 5)] : []);
      posts += 1;
      return posts === 1 ? json(400, { message: 'A comment can be at most 2000 characters' }) : json(201, created('Hold on to this.', 5));
    });
    await screen.findByText('No comments yet. Be the first to share your thoughts.');
    await user.type(field(), 'Hold on to this.');
    await user.click(postButton());
    await waitFor(() => expect(toastText()).toContain('Failed to post comment. Please try again.'));
    expect(await screen.findByText('A comment can be at most 2000 characters')).toBeTruthy();
    expect(screen.getByText('Hold on to this.')).toBeTruthy();
    expect(screen.getByText('Not posted')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not posted')).toBeNull());
    expect(screen.getByText('Hold on to this.')).toBeTruthy();
    expect(await appDb.outbox.count()).toBe(0);
  });

  test('Edit puts a refused comment back in the box', async () => {
    storeUser(me);
    const { user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path === LIST) return json(200, []);
      return json(404, { message: 'That video or article does not exist.' });
    });
    await screen.findByText('No comments yet. Be the first to share your thoughts.');
    await user.type(field(), 'Keep me');
    await user.click(postButton());
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(field().value).toBe('Keep me');
    await waitFor(async () => expect(await appDb.outbox.count()).toBe(0));
  });
});

describe('a comment just delivered', () => {
  test('shows once while its queued entry lingers (the list has it from the delivery, the device has not yet dropped the entry)', async () => {
    storeUser(me);
    mockFetch((r) => (r.path === '/api/auth/me' ? json(200, me) : json(200, [])));
    const entry = await outbox.enqueue(postCommentWrite, me.id, { contentType: 'video', contentId: 4, comment: 'Said once' });
    const queryClient = createQueryClient();
    queryClient.setQueryData<CommentPages>(commentKeys.list('video', 4), { pages: [[]], pageParams: [undefined] });
    // Delivered: the reaction puts the answer in the list while the entry is still queued.
    const answer = { id: 90, userId: me.id, contentType: 'video' as const, contentId: 4, comment: 'Said once', createdAt: new Date().toISOString(), user: { name: me.name, avatarUrl: null } };
    postCommentWrite.applyDelivered!(queryClient, entry.body as { contentType: 'video'; contentId: number; comment: string }, answer, { userId: me.id, entryId: entry.id });
    // A refetch brings it back under its server id alone.
    queryClient.setQueryData<CommentPages>(commentKeys.list('video', 4), { pages: [[answer]], pageParams: [undefined] });
    renderWithProviders(<Comments contentType="video" contentId={4} />, queryClient);
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    await within(list).findByText('Said once');
    // The queued entry has been read (the live query answered) and is not shown beside it.
    await waitFor(async () => expect(await appDb.outbox.count()).toBe(1));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(within(list).getAllByText('Said once')).toHaveLength(1);
  });
});
