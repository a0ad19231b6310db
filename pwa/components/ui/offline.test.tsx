import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiFetch, NetworkError } from '#pwa/lib/api-client';
import { createQueryClient } from '#pwa/lib/query-client';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { NeedsConnection, OfflineDataNote, SavedAge, savedAgeText } from './offline';
import { connectionState, isNetworkError, useQueryConnectionState } from './query-connection-state';

const DAY = 24 * 60 * 60 * 1000;

describe('connectionState', () => {
  const network = new NetworkError('/api/videos/1');
  const server = new ApiError(500, '500: boom', 'boom', { message: 'boom' });

  test.each([
    ['no answer yet', { data: undefined, error: null }, true, 'loading'],
    ['an answer, online', { data: 1, error: null }, true, 'ok'],
    ['an answer, offline', { data: 1, error: null }, false, 'offline-cached'],
    ['an answer whose check got no answer', { data: 1, error: network }, true, 'offline-cached'],
    ['an answer whose check the server refused: the answer stays', { data: 1, error: server }, true, 'ok'],
    ['nothing saved, no answer', { data: undefined, error: network }, true, 'offline-empty'],
    ['nothing saved, failed while offline', { data: undefined, error: server }, false, 'offline-empty'],
    ['nothing saved, a server error', { data: undefined, error: server }, true, 'error'],
  ] as const)('%s', (_name, query, online, expected) => {
    expect(connectionState(query, online)).toBe(expected);
  });

  test("a NetworkError wrapped in a feature's own error (as cause) is still a network failure", () => {
    expect(isNetworkError(new Error('Failed to search', { cause: new NetworkError('/api/search?q=x') }))).toBe(true);
    expect(isNetworkError(new Error('Failed to search', { cause: new ApiError(500, '500: x', undefined, 'x') }))).toBe(false);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
  });
});

describe('NeedsConnection', () => {
  test("a page: says it needs a connection the first time, and Retry calls back", async () => {
    const onRetry = vi.fn();
    render(<NeedsConnection onRetry={onRetry} />);
    expect(screen.getByRole('status').textContent).toBe("You're offline. This page needs a connection the first time you open it.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('a section: "{what} needs a connection."; the button waits while retrying', () => {
    render(<NeedsConnection onRetry={() => undefined} what="Today's devotional" retrying />);
    expect(screen.getByRole('status').textContent).toBe("You're offline. Today's devotional needs a connection.");
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SavedAge', () => {
  test('"Offline · saved 3 days ago" as a status line; "saved just now" under a minute', () => {
    const now = Date.now();
    render(<SavedAge updatedAt={now - 3 * DAY} />);
    expect(screen.getByRole('status').textContent).toBe('Offline · saved 3 days ago');
    expect(savedAgeText(now - 59_000, now)).toBe('saved just now');
    expect(savedAgeText(now + 5_000, now)).toBe('saved just now');
    expect(savedAgeText(now - 5 * 60_000, now)).toBe('saved 5 minutes ago');
  });
});

/** One query of a saved answer, with its connection state and its note. */
function Probe({ path = '/api/thing' }: { path?: string }) {
  const query = useQuery({ queryKey: ['thing', path], queryFn: ({ signal }) => apiFetch(path, { signal }) });
  const state = useQueryConnectionState(query);
  return (
    <div>
      <p data-testid="state">{state}</p>
      <p data-testid="data">{query.data === undefined ? '' : JSON.stringify(query.data)}</p>
      <OfflineDataNote query={query} />
      {state === 'offline-empty' ? <NeedsConnection onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
    </div>
  );
}

function renderProbe(saved?: { data: unknown; updatedAt: number }) {
  const queryClient = createQueryClient();
  if (saved) queryClient.setQueryData(['thing', '/api/thing'], saved.data, { updatedAt: saved.updatedAt });
  return render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('a query offline', () => {
  test('online with a fresh answer: no note; the browser going offline shows the age; back online it goes', async () => {
    mockFetch(() => json(200, { n: 1 }));
    renderProbe();
    await waitFor(() => expect(state()).toBe('ok'));
    expect(screen.queryByTestId('saved-age')).toBeNull();
    setOnline(false);
    expect(state()).toBe('offline-cached');
    expect(screen.getByRole('status').textContent).toBe('Offline · saved just now');
    setOnline(true);
    expect(screen.queryByTestId('saved-age')).toBeNull();
  });

  test('an answer saved days ago is shown with its age, offline, without asking the network again', async () => {
    const requests = mockFetch(() => offline());
    setOnline(false);
    renderProbe({ data: { n: 2 }, updatedAt: Date.now() - 3 * DAY });
    expect(screen.getByTestId('data').textContent).toBe('{"n":2}');
    expect(screen.getByRole('status').textContent).toBe('Offline · saved 3 days ago');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  test('offline, switching to another saved answer (a new query key) does not ask the network either', async () => {
    const requests = mockFetch(() => offline());
    setOnline(false);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['thing', '/api/a'], { n: 'a' }, { updatedAt: 1 });
    queryClient.setQueryData(['thing', '/api/b'], { n: 'b' }, { updatedAt: Date.now() - DAY });
    const tree = (path: string) => (
      <QueryClientProvider client={queryClient}>
        <Probe path={path} />
      </QueryClientProvider>
    );
    const { rerender } = render(tree('/api/a'));
    rerender(tree('/api/b'));
    expect(screen.getByTestId('data').textContent).toBe('{"n":"b"}');
    expect(screen.getByRole('status').textContent).toBe('Offline · saved 1 day ago');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  test('online, a saved answer whose check gets no answer stays, with its age', async () => {
    const requests = mockFetch(() => offline());
    renderProbe({ data: { n: 3 }, updatedAt: 1 });
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(state()).toBe('offline-cached'));
    expect(screen.getByTestId('data').textContent).toBe('{"n":3}');
    expect(screen.getByRole('status').textContent).toMatch(/^Offline · saved \d+ years ago$/);
  });

  test('nothing saved and no network: needs a connection; Retry once the signal is back shows the answer', async () => {
    let reachable = false;
    mockFetch(() => (reachable ? json(200, { n: 4 }) : offline()));
    setOnline(false);
    renderProbe();
    await waitFor(() => expect(state()).toBe('offline-empty'));
    expect(screen.getByRole('status').textContent).toBe("You're offline. This page needs a connection the first time you open it.");
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('{"n":4}'));
    // Still offline as far as the browser knows, so the answer is labelled as saved.
    expect(state()).toBe('offline-cached');
  });

  test('nothing saved: the connection coming back fetches it by itself', async () => {
    let reachable = false;
    mockFetch(() => (reachable ? json(200, { n: 5 }) : offline()));
    setOnline(false);
    renderProbe();
    await waitFor(() => expect(state()).toBe('offline-empty'));
    reachable = true;
    setOnline(true);
    await waitFor(() => expect(state()).toBe('ok'));
    expect(screen.getByTestId('data').textContent).toBe('{"n":5}');
  });

  test("a server error with nothing saved is the screen's own error, not 'offline'", async () => {
    mockFetch(() => json(500, { message: 'boom' }));
    renderProbe();
    await waitFor(() => expect(state()).toBe('error'));
    expect(screen.queryByTestId('needs-connection')).toBeNull();
  });
});
