import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Devotional, HeartsInfo } from '#contract/content';
import { onOpenAuthDialog } from '#pwa/lib/auth-dialog';
import { appDb, describeWrite, outbox } from '#pwa/offline';
import { Delivery, Notices } from '#pwa/test/delivery';
import { json, mockFetch, offline, type Answer, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { renderWithSaved } from '#pwa/test/render-saved';
import { getHearts } from '../api/get-hearts';
import { localDate } from '../api/get-today-devotional';
import { devotionalKeys } from '../api/keys';
import { DevotionalWidget } from './devotional-widget';

const aDevotional = (overrides: Partial<Devotional> = {}): Devotional => ({
  id: 12,
  devotionalTitle: 'New Every Morning',
  verseText: "It is of the LORD's mercies that we are not consumed, because his compassions fail not.",
  verseReference: 'Lamentations 3:22-23',
  devotionalContent: 'These famous words were not written on a bright day.\n\nHope does not always begin with a change in what we see.',
  date: null,
  ...overrides,
});

const DAY = 24 * 60 * 60 * 1000;
const today = () => `/api/devotional/today?date=${localDate()}`;

/** A fake API for the widget: today's devotional, its hearts, the session check and heart writes. */
function api({
  devotional = (): Answer | Promise<Answer> => json(200, aDevotional()),
  hearts = { isHearted: false, count: 0 } as HeartsInfo,
  heart = (_r: MockRequest): Answer | Promise<Answer> => json(200, { isHearted: true, count: 1 }),
} = {}) {
  return mockFetch((request) => {
    if (request.path === today()) return devotional();
    if (request.path.startsWith('/api/devotional/12/hearts')) return json(200, hearts);
    if (request.path === '/api/devotional/12/heart') return heart(request);
    if (request.path === '/api/auth/me') return json(200, aUser());
    return json(404, { message: 'Not found' });
  });
}

function WithDelivery() {
  return (
    <>
      <Delivery />
      <DevotionalWidget />
    </>
  );
}

/** The heart, once it can be pressed (it waits, disabled, until the reader's queued choice is read). */
async function heartButton(): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: /Heart this devotional/ });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}
const count = () => screen.queryByTestId('heart-count')?.textContent ?? null;
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const queued = () => appDb.outbox.toArray();

beforeEach(async () => {
  await appDb.outbox.clear();
});
afterEach(async () => {
  outbox.stop();
  await appDb.outbox.clear();
});

describe('the devotional widget', () => {
  test("asks for today's devotional by the reader's local date and shows a placeholder while it loads", async () => {
    const requests = api({ devotional: () => new Promise<Answer>(() => {}) });
    renderWithProviders(<DevotionalWidget />);
    expect(screen.getByRole('status', { name: "Loading today's devotional" })).toBeTruthy();
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual([today()]));
    expect(localDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });

  test('shows the title, verse, reference and reflection, and the heart without a count at 0', async () => {
    const requests = api();
    renderWithProviders(<DevotionalWidget />);
    expect(await screen.findByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(screen.getByText(aDevotional().verseText)).toBeTruthy();
    expect(screen.getByText('Lamentations 3:22-23')).toBeTruthy();
    expect(screen.getByText('These famous words were not written on a bright day.')).toBeTruthy();
    expect(screen.getByText('Hope does not always begin with a change in what we see.')).toBeTruthy();
    const button = await heartButton();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/devotional/12/hearts'));
    expect(count()).toBeNull();
  });

  test('shows the count when above 0, and a signed-in reader their own heart', async () => {
    storeUser(aUser());
    const requests = api({ hearts: { isHearted: true, count: 3 } });
    renderWithProviders(<DevotionalWidget />);
    await waitFor(() => expect(count()).toBe('3 hearts'));
    expect((await heartButton()).getAttribute('aria-pressed')).toBe('true');
    expect(requests.map((r) => r.path)).toContain('/api/devotional/12/hearts?userId=7');
  });

  test.each([
    ['missing (404)', () => json(404, { message: "Today's devotional is being prepared. Please check back later." })],
    ['a server error', () => json(500, { message: 'Internal error' })],
  ])('%s: "being prepared" text', async (_name, devotional) => {
    api({ devotional });
    renderWithProviders(<DevotionalWidget />);
    expect(await screen.findByText("Today's devotional is being prepared. Please check back later.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Heart this devotional/ })).toBeNull();
    expect(screen.queryByTestId('needs-connection')).toBeNull();
  });

  test("offline with nothing saved: it needs a connection (not 'being prepared'), and Retry fetches it when the signal is back", async () => {
    let reachable = false;
    const requests = api({ devotional: () => (reachable ? json(200, aDevotional()) : offline()) });
    setOnline(false);
    renderWithProviders(<DevotionalWidget />);
    const status = await screen.findByText("You're offline. Today's devotional needs a connection.");
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByText("Today's devotional is being prepared. Please check back later.")).toBeNull();
    reachable = true;
    setOnline(true);
    // The connection coming back fetches it by itself; Retry is there for a signal the browser misjudges.
    expect(await screen.findByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(screen.queryByTestId('saved-age')).toBeNull();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/devotional/12/hearts'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  });

  test('the network failing while the browser says online is no "being prepared" either; Retry fetches it', async () => {
    let reachable = false;
    const requests = api({ devotional: () => (reachable ? json(200, aDevotional()) : offline()) });
    renderWithProviders(<DevotionalWidget />);
    await screen.findByText("You're offline. Today's devotional needs a connection.");
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/devotional/12/hearts'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  });

  test('offline, a devotional saved days ago shows at once with "Offline · saved 2 days ago", its hearts too, and nothing is asked of the network', async () => {
    const requests = api({ devotional: () => offline() });
    setOnline(false);
    renderWithSaved(<DevotionalWidget />, (queryClient) => {
      queryClient.setQueryData(devotionalKeys.today(localDate()), aDevotional(), { updatedAt: Date.now() - 2 * DAY });
      queryClient.setQueryData(devotionalKeys.hearts(12, null), { isHearted: false, count: 9 }, { updatedAt: Date.now() - 2 * DAY });
    });
    expect(screen.getByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 2 days ago');
    await waitFor(() => expect(count()).toBe('9 hearts'));
    // Inside act: the heart button (a lazy part) may settle during the wait, and did under a loaded CI machine.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests.filter((r) => r.path.startsWith('/api/devotional'))).toEqual([]);
  });

  test("offline on a new day: the last devotional read here shows, saying it is an earlier day's; back online Retry fetches today's", async () => {
    let reachable = false;
    api({ devotional: () => (reachable ? json(200, aDevotional({ id: 12, devotionalTitle: 'New Every Morning' })) : offline()) });
    setOnline(false);
    const dayBefore = localDate(new Date(Date.now() - 2 * DAY));
    const yesterday = localDate(new Date(Date.now() - DAY));
    renderWithSaved(<DevotionalWidget />, (queryClient) => {
      queryClient.setQueryData(devotionalKeys.today(dayBefore), aDevotional({ id: 10, devotionalTitle: 'Older still' }), { updatedAt: Date.now() - 2 * DAY });
      queryClient.setQueryData(devotionalKeys.today(yesterday), aDevotional({ id: 11, devotionalTitle: 'Yesterday' }), { updatedAt: Date.now() - DAY });
    });
    const note = await screen.findByTestId('earlier-devotional');
    expect(note.textContent).toContain("You're offline. Today's devotional needs a connection; here is the one from");
    expect(note.textContent).toContain(new Date(Date.now() - DAY).toLocaleDateString(undefined, { weekday: 'long' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Yesterday' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Older still' })).toBeNull();

    reachable = true;
    setOnline(true);
    expect(await screen.findByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(screen.queryByTestId('earlier-devotional')).toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  });

  test('answers saved by an earlier visit show at once, are fetched again, and stay when that fails (offline)', async () => {
    const requests = api({ devotional: () => offline(), hearts: { isHearted: false, count: 3 } });
    renderWithSaved(<DevotionalWidget />, (queryClient) => {
      queryClient.setQueryData(devotionalKeys.today(localDate()), aDevotional(), { updatedAt: 1 });
      queryClient.setQueryData(devotionalKeys.hearts(12, null), { isHearted: false, count: 9 }, { updatedAt: 1 });
    });
    expect(screen.getByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(count()).toBe('9 hearts');
    await waitFor(() => expect(count()).toBe('3 hearts'));
    expect(requests.map((r) => r.path)).toEqual([today(), '/api/devotional/12/hearts']);
    expect(screen.getByRole('heading', { level: 3, name: 'New Every Morning' })).toBeTruthy();
    expect(screen.queryByText("Today's devotional is being prepared. Please check back later.")).toBeNull();
  });

  test("the hearts call failing reads 'Failed to fetch hearts'", async () => {
    mockFetch(() => json(500, { message: 'boom' }));
    await expect(getHearts(12, null)).rejects.toThrow('Failed to fetch hearts');
    mockFetch(() => offline());
    await expect(getHearts(12, 7)).rejects.toThrow('Failed to fetch hearts');
  });
});

describe('hearting the devotional', () => {
  // Delivery and the outbox's live queries land when they land, as in the browser; these tests wait
  // for what the reader sees (findBy/waitFor) instead of wrapping each update in act().
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });

  test("signed out: 'Sign in required' toast, the auth dialog, and no call", async () => {
    const requests = api({ hearts: { isHearted: false, count: 2 } });
    const opened: unknown[] = [];
    const stop = onOpenAuthDialog((tab) => opened.push(tab));
    renderWithProviders(<DevotionalWidget />);
    await waitFor(() => expect(count()).toBe('2 hearts'));
    await userEvent.click(await heartButton());
    expect(toastText()).toBe('Sign in requiredPlease sign in to heart the daily devotional.');
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(opened).toHaveLength(1);
    expect(count()).toBe('2 hearts');
    expect(await queued()).toEqual([]);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    stop();
  });

  test('signed in: queues POST {userId} in the outbox, shows the heart and count at once, marked pending', async () => {
    storeUser(aUser());
    // No connection: the write waits in the outbox.
    const requests = api({ heart: () => offline() });
    renderWithProviders(<WithDelivery />);
    const button = await heartButton();
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/devotional/12/hearts?userId=7'));
    await userEvent.click(button);

    await waitFor(() => expect(count()).toBe('1 heart'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(toastText()).toBe('💖 Devotional hearted!Thank you for the encouragement!');
    expect(await screen.findByTestId('heart-pending')).toBeTruthy();
    const [entry, ...rest] = await queued();
    expect(rest).toEqual([]);
    // Stored as data only: its kind and variables; its words come from the kind.
    expect(entry).toMatchObject({ userId: 7, kind: 'heart.set', body: { devotionalId: 12, hearted: true }, status: 'pending' });
    expect(describeWrite(entry!).failureMessage).toBe('Failed to heart devotional. Please try again.');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/devotional/12/heart');
    expect(post.body).toEqual({ userId: 7 });
    expect(post.headers.get('Idempotency-Key')).toBe(entry!.id);
    expect(await screen.findByText('Waiting to sync')).toBeTruthy();
  });

  test('signed in: un-hearting queues DELETE {userId}, hides the count at 0, and shows no toast', async () => {
    storeUser(aUser());
    const hearts = { isHearted: true, count: 1 };
    const requests = api({
      hearts,
      heart: () => {
        Object.assign(hearts, { isHearted: false, count: 0 });
        return json(200, hearts);
      },
    });
    renderWithProviders(<WithDelivery />);
    await waitFor(() => expect(count()).toBe('1 heart'));
    await userEvent.click(await heartButton());
    await waitFor(() => expect(count()).toBeNull());
    expect((await heartButton()).getAttribute('aria-pressed')).toBe('false');
    expect(toastText()).toBe('');
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'DELETE')!.body).toEqual({ userId: 7 });
    // Delivered: the entry leaves the outbox and the count stays where the reader put it.
    await waitFor(async () => expect(await queued()).toEqual([]));
    // The outbox's live query re-renders just after the entry leaves IndexedDB.
    await waitFor(() => expect(screen.queryByTestId('heart-pending')).toBeNull());
    expect(count()).toBeNull();
  });

  test('delivered: the hearts are asked for again and the server count shows', async () => {
    storeUser(aUser());
    let hearted = false;
    const requests = mockFetch((request) => {
      if (request.path === today()) return json(200, aDevotional());
      if (request.path === '/api/devotional/12/hearts?userId=7') return json(200, hearted ? { isHearted: true, count: 5 } : { isHearted: false, count: 4 });
      if (request.path === '/api/devotional/12/heart') {
        hearted = true;
        return json(200, { isHearted: true, count: 5 });
      }
      return json(200, aUser());
    });
    renderWithProviders(<WithDelivery />);
    await waitFor(() => expect(count()).toBe('4 hearts'));
    await userEvent.click(await heartButton());
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/devotional/12/hearts?userId=7')).toHaveLength(2));
    await waitFor(() => expect(count()).toBe('5 hearts'));
    await waitFor(() => expect(screen.queryByTestId('heart-pending')).toBeNull());
    expect(count()).toBe('5 hearts');
  });

  test("a heart the server refuses: 'Error' toast, its message, the server's state again, and Dismiss", async () => {
    storeUser(aUser());
    const requests = api({ heart: () => json(404, { message: 'Devotional not found' }) });
    renderWithProviders(<WithDelivery />);
    await userEvent.click(await heartButton());
    const failed = await screen.findByTestId('heart-failed');
    expect(failed.textContent).toContain('Not saved: Devotional not found');
    await waitFor(() => expect(toastText()).toBe('ErrorFailed to heart devotional. Please try again.'));
    // Refreshed after the refusal: hearts asked for twice.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/devotional/12/hearts?userId=7')).toHaveLength(2));
    await waitFor(() => expect(count()).toBeNull());
    expect((await heartButton()).getAttribute('aria-pressed')).toBe('false');
    const [entry] = await queued();
    expect(entry).toMatchObject({ status: 'failed' });
    expect(describeWrite(entry!).failureMessage).toBe('Failed to heart devotional. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('heart-failed')).toBeNull());
    expect(await queued()).toEqual([]);
  });
  test('a heart made while the page is still starting (its delivery not loaded yet) is sent at once: its reactions are there from start-up, so the failure toast and the refresh come with it', async () => {
    storeUser(aUser());
    const requests = api({ heart: () => json(404, { message: 'Devotional not found' }) });
    let loadDelivery = () => {};
    // The layout as it starts: the page and its notices first, its delivery triggers once the page has settled.
    function Starting() {
      const [loaded, setLoaded] = useState(false);
      loadDelivery = () => setLoaded(true);
      return (
        <>
          <Notices />
          {loaded ? <Delivery /> : null}
          <DevotionalWidget />
        </>
      );
    }
    renderWithProviders(<Starting />);
    const heartsAsked = () => requests.filter((r) => r.path === '/api/devotional/12/hearts?userId=7').length;
    await waitFor(() => expect(heartsAsked()).toBe(1));
    await userEvent.click(await heartButton());
    // Sent once, at once; the refusal reaches the cache's reaction (the refresh) and the toast.
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(await screen.findByTestId('heart-failed')).toBeTruthy();
    await waitFor(() => expect(toastText()).toBe('ErrorFailed to heart devotional. Please try again.'));
    await waitFor(() => expect(heartsAsked()).toBe(2));
    await waitFor(() => expect(count()).toBeNull());
    // The delivery triggers loading later send nothing again.
    act(() => loadDelivery());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
