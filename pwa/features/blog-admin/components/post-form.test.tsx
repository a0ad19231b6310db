import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditorPost } from '#contract/posts';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { anEditorSummary } from '../test/fixtures';
import { SENDING_OFFLINE } from './newsletter-labels';
import { PostForm } from './post-form';

const editor = aUser({ username: 'editor', isEditor: true });
const EMAIL = 'Email subscribers when published';

const aPost = (id: number, overrides: Partial<EditorPost> = {}): EditorPost => ({ ...anEditorSummary(id), content: 'The text.', ...overrides });

/** The form, editing `post` when given; saves answer with the post as saved. */
function setup(post?: EditorPost, sends: unknown = { subscribers: 4, sends: [] }) {
  storeUser(editor);
  const requests = mockFetch((r) => {
    if (post && r.method === 'GET' && r.path === `/api/blog/${post.id}?status=all`) return json(200, post);
    if (post && r.method === 'GET' && r.path === `/api/blog/${post.id}/versions`) return json(200, []);
    if (post && r.method === 'GET' && r.path === `/api/newsletter/sends?postId=${post.id}`) return json(200, sends);
    if (r.method === 'POST' && r.path === '/api/blog/create') return json(201, { ...aPost(9), ...(r.body as object) });
    if (post && r.method === 'PUT' && r.path === `/api/blog/${post.id}`) return json(200, { ...post, ...(r.body as object), version: post.version + 1 });
    return json(500, { message: `unexpected ${r.method} ${r.path}` });
  });
  const user = userEvent.setup();
  renderWithProviders(<PostForm renderPreview={() => null} editingId={post?.id ?? null} />);
  return { requests, user };
}

const saves = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' || r.method === 'PUT');
const checkbox = () => screen.getByRole('checkbox', { name: EMAIL }) as HTMLInputElement;

describe('"Email subscribers when published" in the post form', () => {
  test('a scheduled post marked to email subscribers sends emailSubscribers: true; unmarked, nothing', async () => {
    const { requests, user } = setup();
    await user.type(screen.getByLabelText('Title', { exact: true }), 'For Sunday');
    await user.type(screen.getByLabelText('Publish at', { exact: true }), '2099-06-07T09:30');
    expect(screen.getByText('Sent once to the confirmed subscribers at the time above.')).toBeTruthy();
    expect(checkbox().checked).toBe(false);
    await user.click(checkbox());
    await user.click(screen.getByRole('button', { name: 'Schedule Article' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]!.body).toMatchObject({ title: 'For Sunday', status: 'published', emailSubscribers: true, publishedAt: new Date('2099-06-07T09:30').toISOString() });

    // The form is empty again, unmarked: the next post is not emailed unless marked.
    await waitFor(() => expect(checkbox().checked).toBe(false));
    await user.type(screen.getByLabelText('Title', { exact: true }), 'Quiet one');
    await user.click(screen.getByRole('button', { name: 'Publish Article' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(2));
    expect(saves(requests)[1]!.body).not.toHaveProperty('emailSubscribers');
  });

  test('a scheduled post marked so shows it checked; unmarking it sends emailSubscribers: false with the edit', async () => {
    const post = aPost(5, { title: 'Soon', status: 'scheduled', publishedAt: '2099-01-01T10:00:00.000Z', emailSubscribers: true, version: 2 });
    const { requests, user } = setup(post);
    await waitFor(() => expect(checkbox().checked).toBe(true));
    await user.click(checkbox());
    await user.click(screen.getByRole('button', { name: 'Schedule Article' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]!.body).toMatchObject({ title: 'Soon', emailSubscribers: false, version: 2 });
  });

  test('kept marked, the edit keeps it: emailSubscribers: true goes with the save', async () => {
    const post = aPost(5, { title: 'Soon', status: 'draft', emailSubscribers: true });
    const { requests, user } = setup(post);
    await waitFor(() => expect(checkbox().checked).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]!.body).toMatchObject({ status: 'draft', emailSubscribers: true });
  });
});

describe('the newsletter of a published post open in the form', () => {
  test('no checkbox; its Newsletter part says it was not sent, to how many a send goes, and offers "Send as newsletter"', async () => {
    const { user } = setup(aPost(5, { title: 'Grace' }));
    const panel = await screen.findByRole('region', { name: 'Newsletter' });
    expect(await within(panel).findByText('Not sent yet. A send reaches 4 subscribers now.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: EMAIL })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Send as newsletter: "Grace"' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Send to 4 subscribers?' })).toBeTruthy();
    // Out of the post's form: a form holds no form.
    expect(dialog.closest('form')).toBeNull();
  });

  test('once sent it says how the last send went and offers "Send again"; offline the button waits and says why', async () => {
    const sent = { id: 3, postId: 5, test: false, recipients: 4, createdAt: '2026-03-01T10:00:00.000Z', createdBy: null, status: 'finished', sent: 4, pending: 0, failed: 0, finishedAt: '2026-03-01T10:02:00.000Z' };
    const { requests } = setup(aPost(5, { title: 'Grace' }), { subscribers: 4, sends: [sent] });
    const panel = await screen.findByRole('region', { name: 'Newsletter' });
    expect(await within(panel).findByText(/^Finished at/)).toBeTruthy();
    expect(within(panel).getByText('Sent 4 of 4')).toBeTruthy();
    // The list's own figures: a finished send is not asked again.
    expect(requests.filter((r) => r.path === '/api/newsletter/sends/3')).toEqual([]);

    const again = within(panel).getByRole('button', { name: 'Send again: "Grace"' }) as HTMLButtonElement;
    setOnline(false);
    await waitFor(() => expect(again.disabled).toBe(true));
    expect(within(panel).getByText(SENDING_OFFLINE)).toBeTruthy();
  });
});
