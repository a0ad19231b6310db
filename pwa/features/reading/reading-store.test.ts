import { READING_STORAGE_KEY } from '#contract/reading';

// The store keeps the settings in module state: each test loads a fresh copy.
async function freshStore() {
  vi.resetModules();
  return import('./reading-store');
}

const root = document.documentElement;
const cookie = () => document.cookie.split('; ').find((c) => c.startsWith('cik_reading=')) ?? '';

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'cik_reading=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  root.removeAttribute('data-theme');
  root.removeAttribute('data-text-size');
  root.removeAttribute('data-reading-changing');
});

describe('reading settings on this device', () => {
  test('a change is applied to <html> at once and kept in localStorage and the cookie', async () => {
    const store = await freshStore();
    store.setReading({ theme: 'dark' });
    store.setReading({ textSize: 'x-large' });
    expect(root.getAttribute('data-theme')).toBe('cik-dark');
    expect(root.getAttribute('data-text-size')).toBe('x-large');
    expect(JSON.parse(localStorage.getItem(READING_STORAGE_KEY)!)).toEqual({ theme: 'dark', textSize: 'x-large' });
    expect(cookie()).toBe('cik_reading=dark.x-large');
    // Back to the site's own: no attributes at all.
    store.setReading({ theme: 'system', textSize: 'medium' });
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(root.hasAttribute('data-text-size')).toBe(false);
  });

  test('at start the saved settings apply and the cookie is written again (Safari keeps a script cookie a week)', async () => {
    localStorage.setItem(READING_STORAGE_KEY, JSON.stringify({ theme: 'light', textSize: 'small' }));
    const store = await freshStore();
    store.startReading();
    expect(root.getAttribute('data-theme')).toBe('cik-light');
    expect(root.getAttribute('data-text-size')).toBe('small');
    expect(cookie()).toBe('cik_reading=light.small');
  });

  test('a reader who never chose gets no cookie; what is stored and unknown falls back to the defaults', async () => {
    let store = await freshStore();
    store.startReading();
    expect(cookie()).toBe('');
    localStorage.setItem(READING_STORAGE_KEY, '{"theme":"neon","textSize":"huge"}');
    store = await freshStore();
    expect(store.getReading()).toEqual({ theme: 'system', textSize: 'medium' });
    localStorage.setItem(READING_STORAGE_KEY, 'not json');
    store = await freshStore();
    expect(store.getReading()).toEqual({ theme: 'system', textSize: 'medium' });
  });

  test('another tab’s change is followed', async () => {
    const store = await freshStore();
    store.startReading();
    const seen = vi.fn();
    store.subscribeReading(seen);
    localStorage.setItem(READING_STORAGE_KEY, JSON.stringify({ theme: 'dark', textSize: 'large' }));
    window.dispatchEvent(new StorageEvent('storage', { key: READING_STORAGE_KEY }));
    expect(root.getAttribute('data-theme')).toBe('cik-dark');
    expect(store.getReading()).toEqual({ theme: 'dark', textSize: 'large' });
    expect(seen).toHaveBeenCalled();
  });

  test('a change is drawn without transitions: <html> says so until the frame after the one that draws it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void (frames[id - 1] = () => {}));
    const nextFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));
    try {
      const store = await freshStore();
      store.setReading({ theme: 'dark' });
      expect(root.hasAttribute(store.READING_CHANGING_ATTRIBUTE)).toBe(true);
      // A second change before the first is drawn: still none until that one is drawn.
      nextFrame();
      store.setReading({ textSize: 'large' });
      nextFrame();
      expect(root.hasAttribute(store.READING_CHANGING_ATTRIBUTE)).toBe(true);
      nextFrame();
      expect(root.hasAttribute(store.READING_CHANGING_ATTRIBUTE)).toBe(false);
      // Choosing what is already set changes nothing on the page.
      store.setReading({ theme: 'dark' });
      expect(root.hasAttribute(store.READING_CHANGING_ATTRIBUTE)).toBe(false);
      expect(root.getAttribute('data-theme')).toBe('cik-dark');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
