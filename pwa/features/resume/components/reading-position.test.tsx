import { useRef } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { getPosition, resetPositionsCache, savePosition } from '../resume-store';
import { ReadingPosition } from './reading-position';

/** A post: its text, or the renderer's placeholder (aria-busy) while the text is not in yet. */
function Post({ ready }: { ready: boolean }) {
  const article = useRef<HTMLElement>(null);
  return (
    <>
      <article ref={article} data-testid="article">
        <h1>Five Questions</h1>
        {ready ? <p>The text of the post.</p> : <div aria-busy="true" />}
      </article>
      <ReadingPosition postId={4} title="Five Questions" article={article} />
    </>
  );
}

// happy-dom lays nothing out: the article is 4000 px tall, 100 px down the page.
const ARTICLE_TOP = 100;
const ARTICLE_HEIGHT = 4000;
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetPositionsCache();
  savePosition({ kind: 'blog', id: 4, title: 'Five Questions', position: 0.5, progress: 0.6 });
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ top: ARTICLE_TOP - window.scrollY, height: ARTICLE_HEIGHT, bottom: ARTICLE_TOP + ARTICLE_HEIGHT - window.scrollY }) as DOMRect,
  );
});
afterEach(() => {
  window.location.hash = '';
});

const frames = () => act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('ReadingPosition', () => {
  test('scrolls back to the saved place once the text is in, not before', async () => {
    const { rerender } = render(<Post ready={false} />);
    await frames();
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(<Post ready />);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: ARTICLE_TOP + 0.5 * ARTICLE_HEIGHT, behavior: 'instant' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  test('the reader already scrolling (wheel, touch, a scroll key) is not fought', async () => {
    const { rerender } = render(<Post ready={false} />);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown' })));
    rerender(<Post ready />);
    await frames();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test('an address with a #fragment is not overruled', async () => {
    window.location.hash = '#post-title';
    render(<Post ready />);
    await frames();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  test('nothing saved: the post opens at its top', async () => {
    localStorage.clear();
    resetPositionsCache();
    render(<Post ready />);
    await frames();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  describe('saves only the scrolling the reader does', () => {
    /** The page scrolled to `y`, as the browser tells it: window.scrollY, then a scroll event. */
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      });
    const leave = (view: ReturnType<typeof render>) => act(() => view.unmount());
    afterEach(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    });

    test('a scroll the wheel started is saved when the reader leaves', async () => {
      const view = render(<Post ready />);
      await frames();
      act(() => void window.dispatchEvent(new WheelEvent('wheel', { deltaY: 300 })));
      scrollTo(ARTICLE_TOP + 0.7 * ARTICLE_HEIGHT);
      leave(view);
      expect(getPosition('blog', 4)?.position).toBeCloseTo(0.7, 5);
    });

    test('a scroll no input made (the page growing shorter as the app leaves it, a script) is not', async () => {
      const view = render(<Post ready />);
      await frames();
      scrollTo(ARTICLE_TOP + 0.2 * ARTICLE_HEIGHT);
      leave(view);
      expect(getPosition('blog', 4)?.position).toBe(0.5);
    });

    test('a press on a link is not the reader scrolling; a press on the scroll bar is, for as long as it is held', async () => {
      const view = render(<Post ready />);
      await frames();
      const link = document.createElement('a');
      document.body.append(link);
      act(() => void link.dispatchEvent(new Event('pointerdown', { bubbles: true })));
      scrollTo(ARTICLE_TOP + 0.2 * ARTICLE_HEIGHT);
      link.remove();
      act(() => void document.documentElement.dispatchEvent(new Event('pointerdown', { bubbles: true })));
      await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
      scrollTo(ARTICLE_TOP + 0.6 * ARTICLE_HEIGHT);
      leave(view);
      expect(getPosition('blog', 4)?.position).toBeCloseTo(0.6, 5);
    });
  });
});
