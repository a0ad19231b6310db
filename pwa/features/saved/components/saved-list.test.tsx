import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { saveItem, savedDb } from '#pwa/features/saved/api/saved-store';
import { renderWithProviders } from '#pwa/test/render';
import { aSavedPost, aSavedVideo } from '#pwa/test/saved';
import { NO_SAVED, SavedList } from './saved-list';

beforeEach(async () => {
  await savedDb.items.clear();
});

// The list and the storage figures answer asynchronously (a live query, then a new estimate
// for each change), sometimes after a test's last assertion: let them land inside act before
// the test ends, rather than as an update React warns about (and the setup fails on).
afterEach(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
});

function stubStorage({ persisted }: { persisted: boolean }) {
  vi.stubGlobal('navigator', { ...navigator, onLine: true, storage: { estimate: async () => ({ usage: 3 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024 }), persisted: async () => persisted, persist: async () => persisted } });
}

const renderSaved = () =>
  renderWithProviders(
    <MemoryRouter>
      <SavedList />
    </MemoryRouter>,
  );
const items = () => within(screen.getByRole('list', { name: 'Saved items' })).getAllByRole('listitem');

describe('SavedList (/saved)', () => {
  test('lists each saved item newest first: its title linked to its page, its kind, its size and the day it was saved', async () => {
    stubStorage({ persisted: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-02T12:00:00Z'));
    await saveItem({ kind: 'post', post: aSavedPost(8, { title: 'The Minimal Facts', content: 'x'.repeat(3000) }) });
    vi.setSystemTime(new Date('2026-11-03T12:00:00Z'));
    await saveItem({ kind: 'video', video: aSavedVideo(3, { title: 'How to Read the Bible' }) });
    vi.useRealTimers();
    renderSaved();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items();
    expect(within(first!).getByRole('link', { name: 'How to Read the Bible' }).getAttribute('href')).toBe('/watch/3');
    expect(first!.textContent).toMatch(/Video · \d+ B · saved November 3, 2026/);
    expect(within(second!).getByRole('link', { name: 'The Minimal Facts' }).getAttribute('href')).toBe('/blog/8');
    expect(second!.textContent).toContain('Article · 3 KB · saved November 2, 2026');
  });

  test('shows the storage used and available, and whether it is persistent', async () => {
    stubStorage({ persisted: false });
    await saveItem({ kind: 'post', post: aSavedPost(1) });
    renderSaved();
    expect(await screen.findByText(/The site uses 3\.0 MB of 2\.0 GB available\./)).toBeTruthy();
    expect(await screen.findByText(/Storage is not persistent/)).toBeTruthy();
    expect(screen.getByText(/Saved items: 1 \(/)).toBeTruthy();
  });

  test('says when storage is persistent', async () => {
    stubStorage({ persisted: true });
    renderSaved();
    expect(await screen.findByText(/Storage is persistent/)).toBeTruthy();
  });

  test('removes an item from this device when asked, and only that one', async () => {
    stubStorage({ persisted: true });
    const user = userEvent.setup();
    await saveItem({ kind: 'post', post: aSavedPost(1, { title: 'Keep me' }) });
    await saveItem({ kind: 'post', post: aSavedPost(2, { title: 'Remove me' }) });
    renderSaved();
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove “Remove me” from this device' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('Removed from this device')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Keep me' })).toBeTruthy();
    // The shorter list asks for the storage estimate again: its answer lands inside act.
    expect(await act(() => savedDb.items.get('post-2'))).toBeUndefined();
  });

  test('with nothing saved, says how to save', async () => {
    stubStorage({ persisted: false });
    renderSaved();
    expect(await screen.findByText(NO_SAVED)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Saved items' })).toBeNull();
  });
});
