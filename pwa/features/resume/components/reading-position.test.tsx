import { useRef } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { resetPositionsCache, savePosition } from '../resume-store';
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
});
