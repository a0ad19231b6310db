import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Devotional } from '#contract/content';
import { formatLocalDay, todayIn } from '#pwa/lib/format';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { devotionalsDeskKeys } from '../api/devotionals-desk';
import { addDays, deskDayName, DevotionalsSection } from './devotionals-section';

const editor = aUser({ username: 'editor', isEditor: true });
const today = todayIn('reader');
const day = (n: number) => addDays(today, n);
const LIST = `/api/devotionals?from=${today}&to=${day(29)}`;
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

function aDevotional(id: number, date: string, overrides: Partial<Devotional> = {}): Devotional {
  return {
    id,
    devotionalTitle: `Devotional ${id}`,
    verseReference: 'Psalm 23:1',
    verseText: 'The Lord is my shepherd; I shall not want.',
    devotionalContent: 'A reflection.',
    date,
    ...overrides,
  };
}

/** The section as the desk shows it; the range answers `dated()` (a list, or a failure), `write` anything else. */
function setup(dated: () => Devotional[] | Response, write: (r: MockRequest) => Response = () => json(500, { message: 'unexpected' })) {
  storeUser(editor);
  const requests = mockFetch((r) => {
    if (r.path === '/api/auth/me') return json(200, editor);
    if (r.method === 'GET' && r.path.startsWith('/api/devotionals?')) {
      const answer = dated();
      return answer instanceof Response ? answer : json(200, answer);
    }
    return write(r);
  });
  const router = createMemoryRouter([{ path: '/blog-admin/devotionals', element: <DevotionalsSection userId={editor.id} /> }], { initialEntries: ['/blog-admin/devotionals'] });
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<RouterProvider router={router} />);
  return { requests, user, queryClient };
}

const writes = (requests: MockRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path, body: r.body }));
const rows = () => within(screen.getByRole('list', { name: 'Days' })).getAllByRole('listitem');
const row = (n: number) => screen.getByRole('listitem', { name: formatLocalDay(day(n)) });
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLTextAreaElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe("the desk's Devotionals", () => {
  test('the next 30 days from today, one row each: the title of those written, "Not written yet" for the others', async () => {
    const { requests } = setup(() => [aDevotional(1, day(0), { devotionalTitle: 'Grace for today' }), aDevotional(2, day(29), { devotionalTitle: 'The last day' })]);
    await screen.findByText('Grace for today');
    expect(requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/devotionals')).map((r) => r.path)).toEqual([LIST]);

    expect(rows()).toHaveLength(30);
    expect(rows().map((li) => li.getAttribute('aria-label'))).toEqual(Array.from({ length: 30 }, (_, i) => formatLocalDay(day(i))));
    expect(within(row(0)).getByText('Today')).toBeTruthy();
    expect(within(row(1)).getByText('Tomorrow')).toBeTruthy();
    expect(within(row(29)).getByText('The last day')).toBeTruthy();
    expect(screen.getAllByText('Not written yet')).toHaveLength(28);

    expect(within(row(0)).getByRole('button', { name: `Edit the devotional for ${formatLocalDay(day(0))}` })).toBeTruthy();
    expect(within(row(0)).getByRole('button', { name: `Delete the devotional for ${formatLocalDay(day(0))}` })).toBeTruthy();
    expect(within(row(1)).getByRole('button', { name: `Write the devotional for ${formatLocalDay(day(1))}` })).toBeTruthy();
    expect(within(row(1)).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(row(1)).getByText('Not written yet')).toBeTruthy();
  });

  test('Write: the form for that day, PUT to its date with the fields trimmed, "Devotional saved"; the list and the reader\'s devotional are refreshed', async () => {
    let dated: Devotional[] = [];
    const { requests, user, queryClient } = setup(
      () => dated,
      () => {
        dated = [aDevotional(9, day(2), { devotionalTitle: 'New mercies' })];
        return json(201, dated[0]);
      },
    );
    queryClient.setQueryData(['devotional', 'today', today], aDevotional(3, today));
    await user.click(await screen.findByRole('button', { name: `Write the devotional for ${formatLocalDay(day(2))}` }));
    const form = screen.getByRole('region', { name: 'Write devotional' });
    expect(within(form).getByText(formatLocalDay(day(2)))).toBeTruthy();
    expect(field('Title').value).toBe('');

    await user.type(field('Title'), '  New mercies ');
    await user.type(field('Verse reference'), 'Lamentations 3:22-23');
    await user.type(field('Verse text'), 'His compassions fail not.');
    await user.type(field('Reflection'), 'Every morning.');
    await user.click(button('Save devotional'));

    await waitFor(() => expect(toastText()).toContain('Devotional saved'));
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: `/api/devotionals/${day(2)}`,
        body: { devotionalTitle: 'New mercies', verseReference: 'Lamentations 3:22-23', verseText: 'His compassions fail not.', devotionalContent: 'Every morning.' },
      },
    ]);
    expect(await within(row(2)).findByText('New mercies')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Write devotional' })).toBeNull();
    expect(requests.filter((r) => r.path === LIST)).toHaveLength(2);
    expect(queryClient.getQueryState(['devotional', 'today', today])?.isInvalidated).toBe(true);
    expect(devotionalsDeskKeys.readerRoot).toEqual(['devotional']);
  });

  test('Edit fills the form with that day\'s devotional; Save puts it whole', async () => {
    const { requests, user } = setup(
      () => [aDevotional(4, day(5), { devotionalTitle: 'Old title', verseReference: 'Romans 8:28', verseText: 'All things work together.', devotionalContent: 'Old reflection.' })],
      () => json(200, aDevotional(4, day(5), { devotionalTitle: 'New title' })),
    );
    await user.click(await screen.findByRole('button', { name: `Edit the devotional for ${formatLocalDay(day(5))}` }));
    screen.getByRole('region', { name: 'Edit devotional' });
    expect(field('Title').value).toBe('Old title');
    expect(field('Verse reference').value).toBe('Romans 8:28');
    expect(field('Verse text').value).toBe('All things work together.');
    expect(field('Reflection').value).toBe('Old reflection.');

    await user.clear(field('Title'));
    await user.type(field('Title'), 'New title');
    await user.click(button('Save devotional'));
    await waitFor(() => expect(toastText()).toContain('Devotional saved'));
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: `/api/devotionals/${day(5)}`,
        body: { devotionalTitle: 'New title', verseReference: 'Romans 8:28', verseText: 'All things work together.', devotionalContent: 'Old reflection.' },
      },
    ]);
  });

  test("the contract's field messages block an empty (or blank) title; nothing is sent", async () => {
    const { requests, user } = setup(() => []);
    await user.click(await screen.findByRole('button', { name: `Write the devotional for ${formatLocalDay(day(0))}` }));
    await user.type(field('Title'), '   ');
    await user.type(field('Verse reference'), 'John 1:1');
    await user.click(button('Save devotional'));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Verse text is required')).toBeTruthy();
    expect(screen.getByText('Reflection is required')).toBeTruthy();
    expect(screen.queryByText('Verse reference is required')).toBeNull();
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Title'));
    expect(writes(requests)).toEqual([]);
  });

  test('a refused save says so in the server\'s words and keeps the form', async () => {
    const { user } = setup(() => [], () => json(400, { message: 'date must be a calendar date as YYYY-MM-DD' }));
    await user.click(await screen.findByRole('button', { name: `Write the devotional for ${formatLocalDay(day(0))}` }));
    await user.type(field('Title'), 'T');
    await user.type(field('Verse reference'), 'R');
    await user.type(field('Verse text'), 'V');
    await user.type(field('Reflection'), 'C');
    await user.click(button('Save devotional'));
    await waitFor(() => expect(toastText()).toContain('Failed to save devotional'));
    expect(toastText()).toContain('date must be a calendar date as YYYY-MM-DD');
    expect(field('Title').value).toBe('T');
  });

  test('Delete asks first: Cancel sends nothing; Delete sends DELETE for that date, "Devotional deleted", and the day is not written again', async () => {
    let dated = [aDevotional(6, day(3), { devotionalTitle: 'Going soon' })];
    const { requests, user, queryClient } = setup(
      () => dated,
      () => {
        dated = [];
        return new Response(null, { status: 204 });
      },
    );
    queryClient.setQueryData(['devotional', 'today', day(3)], dated[0]);
    const deleteButton = await screen.findByRole('button', { name: `Delete the devotional for ${formatLocalDay(day(3))}` });

    await user.click(deleteButton);
    let dialog = screen.getByRole('dialog', { name: 'Delete devotional' });
    expect(dialog.textContent).toContain('“Going soon”');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(requests)).toEqual([]);
    expect(within(row(3)).getByText('Going soon')).toBeTruthy();

    await user.click(deleteButton);
    dialog = screen.getByRole('dialog', { name: 'Delete devotional' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastText()).toContain('Devotional deleted'));
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: `/api/devotionals/${day(3)}`, body: undefined }]);
    expect(await within(row(3)).findByText('Not written yet')).toBeTruthy();
    expect(queryClient.getQueryState(['devotional', 'today', day(3)])?.isInvalidated).toBe(true);
  });

  test('a failed delete says so with the server message', async () => {
    const { user } = setup(() => [aDevotional(6, day(3))], () => json(404, { message: 'No devotional for that day' }));
    await user.click(await screen.findByRole('button', { name: `Delete the devotional for ${formatLocalDay(day(3))}` }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete devotional' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastText()).toContain('Failed to delete devotional'));
    expect(toastText()).toContain('No devotional for that day');
  });

  test('offline: Write, Edit, Delete and Save are disabled, and a note says why', async () => {
    const { user } = setup(() => [aDevotional(1, day(0))]);
    await user.click(await screen.findByRole('button', { name: `Edit the devotional for ${formatLocalDay(day(0))}` }));
    setOnline(false);
    await waitFor(() => expect(button(`Edit the devotional for ${formatLocalDay(day(0))}`).disabled).toBe(true));
    expect(button(`Delete the devotional for ${formatLocalDay(day(0))}`).disabled).toBe(true);
    expect(button(`Write the devotional for ${formatLocalDay(day(1))}`).disabled).toBe(true);
    expect(button('Save devotional').disabled).toBe(true);
    expect(screen.getByText("You're offline. Connect to write, edit or delete devotionals.")).toBeTruthy();
  });

  test('a failed read says so and offers "Try again"', async () => {
    let fail = true;
    const { user } = setup(() => (fail ? json(500, { message: 'Down' }) : []));
    expect(await screen.findByText('Failed to fetch devotionals', {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Days' })).toBeTruthy();
    expect(rows()).toHaveLength(30);
  });
});

test("a day of the desk's list in another year says which", () => {
  expect(deskDayName('2026-12-31', 2026)).toBe('Thursday, December 31');
  expect(deskDayName('2027-01-01', 2026)).toBe('Friday, January 1, 2027');
});
