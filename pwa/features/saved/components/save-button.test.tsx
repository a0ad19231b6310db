import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSavedPost, getSavedVideo, savedDb } from '#pwa/features/saved/api/saved-store';
import { setOnline } from '#pwa/test/online';
import { renderWithProviders } from '#pwa/test/render';
import { aSavedPost, aSavedVideo } from '#pwa/test/saved';
import { SaveButton, SAVE_LABEL, SAVED_LABEL, VIDEO_NEEDS_CONNECTION } from './save-button';

beforeEach(async () => {
  await savedDb.items.clear();
});

const button = () => screen.getByRole('button', { name: /for offline/ });

describe('SaveButton', () => {
  test("reads 'Save for offline'; pressed, keeps the whole post on this device and reads 'Saved for offline'; pressed again, removes it", async () => {
    const user = userEvent.setup();
    const post = aSavedPost(8, { content: 'The whole text.' });
    renderWithProviders(<SaveButton kind="post" post={post} />);
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    expect(button().textContent).toBe(SAVE_LABEL);
    expect(button().getAttribute('aria-pressed')).toBe('false');

    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe(SAVED_LABEL));
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(await getSavedPost(8)).toEqual(post);

    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe(SAVE_LABEL));
    expect(await getSavedPost(8)).toBeUndefined();
  });

  test('shows an item saved before (in another tab, or by Save all) as saved', async () => {
    const { saveItem } = await import('../api/saved-store');
    await saveItem({ kind: 'post', post: aSavedPost(9) });
    renderWithProviders(<SaveButton kind="post" post={aSavedPost(9)} />);
    await waitFor(() => expect(button().textContent).toBe(SAVED_LABEL));
  });

  test('on a watch page: once the video is saved, says that the video itself needs a connection', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SaveButton kind="video" video={aSavedVideo(3)} />);
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(VIDEO_NEEDS_CONNECTION)).toBeNull();
    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe(SAVED_LABEL));
    expect(screen.getByText(VIDEO_NEEDS_CONNECTION)).toBeTruthy();
    expect(await getSavedVideo(3)).toEqual(aSavedVideo(3));
  });

  test('offline, the watch page says so even for a video not saved', async () => {
    setOnline(false);
    renderWithProviders(<SaveButton kind="video" video={aSavedVideo(4)} />);
    await waitFor(() => expect(button().textContent).toBe(SAVE_LABEL));
    expect(screen.getByText(VIDEO_NEEDS_CONNECTION)).toBeTruthy();
  });
});
