import { shareLink, type ShareNavigator } from './share-link';

const shared = { title: 'Reading Romans in context', url: 'https://site.example/blog/1' };

describe('shareLink', () => {
  test("the device's share sheet gets the title and link", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareLink(shared, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: shared.title, url: shared.url });
    expect(writeText).not.toHaveBeenCalled();
  });

  test('closing the sheet is the reader’s choice: nothing is copied, nothing fails', async () => {
    const writeText = vi.fn(async () => {});
    const nav: ShareNavigator = { share: async () => Promise.reject(new DOMException('closed', 'AbortError')), clipboard: { writeText } };
    expect(await shareLink(shared, nav)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  test('without a share sheet, or when it refuses, the link is copied', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareLink(shared, { clipboard: { writeText } })).toBe('copied');
    expect(await shareLink(shared, { share: async () => Promise.reject(new DOMException('no', 'NotAllowedError')), clipboard: { writeText } })).toBe('copied');
    expect(await shareLink(shared, { share: vi.fn(), canShare: () => false, clipboard: { writeText } })).toBe('copied');
    expect(writeText).toHaveBeenCalledTimes(3);
    expect(writeText).toHaveBeenCalledWith(shared.url);
  });

  test('neither a sheet nor a clipboard that works: failed', async () => {
    expect(await shareLink(shared, {})).toBe('failed');
    expect(await shareLink(shared, { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })).toBe('failed');
  });
});
