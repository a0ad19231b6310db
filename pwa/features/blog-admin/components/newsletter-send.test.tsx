import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { NewsletterSend, NewsletterSendStatus } from '#contract/newsletter-sends';
import type { EditorPostSummary } from '#contract/posts';
import { json, mockFetch, type Answer, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { SEND_POLL_MS } from '../api/newsletter-sends';
import { anEditorSummary } from '../test/fixtures';
import { AdminPostList, ROWS_OFFLINE } from './admin-post-list';
import { SENDING_OFFLINE } from './newsletter-labels';

const editor = aUser({ username: 'editor', email: 'editor@example.com', isEditor: true });
const SENDS = '/api/newsletter/sends';

/** A send of post 5 as GET /api/newsletter/sends?postId= lists it: finished, to 3, unless told. */
function aSend(id: number, overrides: Partial<NewsletterSend> = {}): NewsletterSend {
  return {
    id,
    postId: 5,
    test: false,
    recipients: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    createdBy: { id: editor.id, username: 'editor' },
    status: 'finished',
    sent: 3,
    pending: 0,
    failed: 0,
    finishedAt: '2026-03-01T10:01:00.000Z',
    ...overrides,
  };
}

interface Server {
  /** The post's sends, newest first. */
  sends?: NewsletterSend[];
  subscribers?: number;
  /** POST /api/newsletter/sends. */
  post?: (r: MockRequest) => Answer;
  /** GET /api/newsletter/sends/{id}: how far the send is now. */
  progress?: () => NewsletterSendStatus;
}

/** The desk's list of `posts` (post 5 "Grace", published; post 6 "Later", a draft) and the newsletter's calls. */
function setup(server: Server = {}, posts: EditorPostSummary[] = [anEditorSummary(6, { title: 'Later', status: 'draft' }), anEditorSummary(5, { title: 'Grace' })]) {
  storeUser(editor);
  const requests = mockFetch((r) => {
    if (r.method === 'GET' && r.path.startsWith('/api/blog?status=all')) return json(200, posts);
    if (r.method === 'GET' && r.path === `${SENDS}?postId=5`) return json(200, { subscribers: server.subscribers ?? 3, sends: server.sends ?? [] });
    if (r.method === 'POST' && r.path === SENDS && server.post) return server.post(r);
    if (r.method === 'GET' && r.path.startsWith(`${SENDS}/`) && server.progress) return json(200, server.progress());
    return json(500, { message: `unexpected ${r.method} ${r.path}` });
  });
  const router = createMemoryRouter([{ path: '/blog-admin', element: <AdminPostList /> }], { initialEntries: ['/blog-admin'] });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderWithProviders(<RouterProvider router={router} />);
  return { requests, user };
}

const row = (name: string) => screen.getByRole('listitem', { name });
const dialog = () => screen.getByRole('dialog');
const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.body);
const polls = (requests: MockRequest[]) => requests.filter((r) => /^\/api\/newsletter\/sends\/\d+$/.test(r.path)).length;
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

async function openDialog(user: ReturnType<typeof userEvent.setup>, label = 'Send as newsletter') {
  await user.click(await screen.findByRole('button', { name: `${label}: "Grace"` }));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('"Send as newsletter" on the desk\'s list', () => {
  test('only a published post has it; it asks "Send to N subscribers?" first, and Cancel sends nothing', async () => {
    const { requests, user } = setup();
    await screen.findByRole('listitem', { name: 'Grace' });
    expect(within(row('Later')).queryByRole('button', { name: /newsletter/ })).toBeNull();

    await openDialog(user);
    expect(await within(dialog()).findByRole('heading', { name: 'Send to 3 subscribers?' })).toBeTruthy();
    // The dialog starts at its title, for a screen reader to read it.
    expect(document.activeElement).toBe(within(dialog()).getByRole('heading', { name: 'Send to 3 subscribers?' }));
    expect(within(dialog()).getByText('“Grace”')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Send a test to me' })).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toEqual([]);
  });

  test('Send posts {postId}; the row then says "Send again" and follows the send every 2 s until it has finished', async () => {
    let now: NewsletterSendStatus = { status: 'sending', sent: 1, pending: 2, failed: 0, finishedAt: null };
    const { requests, user } = setup({ post: () => json(202, { id: 41, recipients: 3 }), progress: () => now });
    await openDialog(user);
    await user.click(await within(dialog()).findByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toEqual([{ postId: 5 }]);
    expect(toastText()).toContain('Newsletter on its way');
    expect(toastText()).toContain('"Grace" is being sent to 3 subscribers.');
    expect(within(row('Grace')).getByRole('button', { name: 'Send again: "Grace"' })).toBeTruthy();

    const status = await within(row('Grace')).findByText(/Sending…/, { selector: '[role=status] *' });
    const live = status.closest('[role=status]')!;
    expect(live.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(live.textContent).toBe('Sending…Sent 1 of 3'));

    now = { status: 'sending', sent: 1, pending: 1, failed: 1, finishedAt: null };
    await act(() => vi.advanceTimersByTimeAsync(SEND_POLL_MS));
    await waitFor(() => expect(live.textContent).toBe('Sending…Sent 1 of 3 · 1 failed'));
    now = { status: 'finished', sent: 2, pending: 0, failed: 1, finishedAt: '2026-03-02T09:15:00.000Z' };
    await act(() => vi.advanceTimersByTimeAsync(SEND_POLL_MS));
    await waitFor(() => expect(live.textContent).toMatch(/^Finished at .+Sent 2 of 3 · 1 failed$/));
    // Asked every 2 s while it went out, and no more once it has finished.
    const asked = polls(requests);
    expect(asked).toBeGreaterThanOrEqual(3);
    await act(() => vi.advanceTimersByTimeAsync(SEND_POLL_MS * 3));
    expect(polls(requests)).toBe(asked);
  });

  test('a post sent before: the dialog says when, Send again posts {again: true}, and the row shows its last send', async () => {
    const { requests, user } = setup({ sends: [aSend(7, { test: true, createdAt: '2026-03-03T10:00:00.000Z' }), aSend(6)], post: () => json(202, { id: 42, recipients: 3 }), progress: () => ({ status: 'sending', sent: 0, pending: 3, failed: 0, finishedAt: null }) });
    await openDialog(user);
    expect(await within(dialog()).findByRole('heading', { name: 'Send again to 3 subscribers?' })).toBeTruthy();
    // The last send to the subscribers, not the editor's test after it.
    expect(within(dialog()).getByText(/^Last sent .+ to 3 subscribers\./)).toBeTruthy();
    // Found when the dialog read the post's sends: the row knows it was sent, and how it went.
    expect(within(row('Grace')).getByRole('button', { name: 'Send again: "Grace"' })).toBeTruthy();
    expect(await within(row('Grace')).findByText(/^Finished at/)).toBeTruthy();

    await user.click(within(dialog()).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(posts(requests)).toEqual([{ postId: 5, again: true }]));
    expect(await within(row('Grace')).findByText('Sent 0 of 3')).toBeTruthy();
  });

  test('a post that went out before says "Send again" and when it was emailed, before its dialog is opened', async () => {
    setup({}, [anEditorSummary(5, { title: 'Grace', newsletterSentAt: '2026-03-01T10:00:00.000Z' })]);
    await screen.findByRole('listitem', { name: 'Grace' });
    expect(within(row('Grace')).getByRole('button', { name: 'Send again: "Grace"' })).toBeTruthy();
    expect(within(row('Grace')).getByText(/^Emailed /)).toBeTruthy();
  });

  test('"Send a test to me" posts {test: true}, says so, and leaves the dialog open for the send', async () => {
    const { requests, user } = setup({ post: () => json(202, { id: 43, recipients: 1 }) });
    await openDialog(user);
    await user.click(await within(dialog()).findByRole('button', { name: 'Send a test to me' }));
    await waitFor(() => expect(toastText()).toContain('Test sent to your address'));
    expect(toastText()).toContain('editor@example.com');
    expect(posts(requests)).toEqual([{ postId: 5, test: true }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // A test is no send: the row still offers the first one.
    expect(within(row('Grace')).getByRole('button', { name: 'Send as newsletter: "Grace"' })).toBeTruthy();
  });

  test("a refusal (409) is said in the server's words, in the dialog", async () => {
    const { user } = setup({ post: () => json(409, { message: 'This post was already sent. Send it again to send it once more.' }) });
    await openDialog(user);
    await user.click(await within(dialog()).findByRole('button', { name: 'Send' }));
    const refusal = await within(dialog()).findByText('This post was already sent. Send it again to send it once more.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  test('with no confirmed subscriber only a test can be sent', async () => {
    const { user } = setup({ subscribers: 0 });
    await openDialog(user);
    expect(await within(dialog()).findByRole('heading', { name: 'Send to 0 subscribers?' })).toBeTruthy();
    expect((within(dialog()).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog()).getByRole('button', { name: 'Send a test to me' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('offline, the button waits for the connection and the list says so; the open dialog too', async () => {
    const { requests, user } = setup();
    const button = (await screen.findByRole('button', { name: 'Send as newsletter: "Grace"' })) as HTMLButtonElement;
    setOnline(false);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(screen.getByText(ROWS_OFFLINE)).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(button.disabled).toBe(false));

    await openDialog(user);
    const send = (await within(dialog()).findByRole('button', { name: 'Send' })) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    setOnline(false);
    await waitFor(() => expect(send.disabled).toBe(true));
    expect((within(dialog()).getByRole('button', { name: 'Send a test to me' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog()).getByText(SENDING_OFFLINE)).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });
});
