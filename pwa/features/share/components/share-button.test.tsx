import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '#pwa/test/render';
import { LINK_COPIED, SHARE_FAILED, ShareButton } from './share-button';

function stubNavigator(parts: { share?: unknown; clipboard?: unknown }) {
  for (const [key, value] of Object.entries(parts)) Object.defineProperty(window.navigator, key, { value, configurable: true });
}

afterEach(() => {
  stubNavigator({ share: undefined, clipboard: undefined });
});

describe('ShareButton', () => {
  test("opens the device's share sheet with the page's title and absolute link", async () => {
    const share = vi.fn(async () => {});
    stubNavigator({ share });
    renderWithProviders(<ShareButton title="Reading Romans" path="/blog/7" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Reading Romans', url: `${window.location.origin}/blog/7` }));
    expect(screen.queryByText(LINK_COPIED)).toBeNull();
  });

  test("without a share sheet it copies the link and says 'Link copied'", async () => {
    const writeText = vi.fn(async () => {});
    stubNavigator({ share: undefined, clipboard: { writeText } });
    renderWithProviders(<ShareButton title="A video" path="/watch/3" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(LINK_COPIED)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/watch/3`);
  });

  test('when nothing works it says so and shows the address to copy', async () => {
    stubNavigator({ share: undefined, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    renderWithProviders(<ShareButton title="A video" path="/watch/3" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(SHARE_FAILED)).toBeTruthy();
    expect(screen.getByText(new RegExp(`${window.location.origin}/watch/3`))).toBeTruthy();
  });
});
