import { useEffect, useRef, type RefObject } from 'react';
import { clearPosition, FINISHED_AT, getPosition, savePosition } from '../resume-store';

/** At most one save this often while scrolling. */
export const SAVE_THROTTLE_MS = 1000;
/** How long to wait for the text before giving up on restoring. */
const WAIT_FOR_TEXT_MS = 10_000;

export interface ReadingPositionProps {
  postId: number;
  title: string;
  thumbnailUrl?: string | null;
  /** The article whose height the position is a fraction of. */
  article: RefObject<HTMLElement | null>;
}

/**
 * How long a scroll counts as the reader's after their last input, or after the last scroll of a
 * scroll that input started: a wheel's smooth scrolling and a touch's fling go on after the input.
 */
const GESTURE_MS = 300;

/** Keys that scroll the page (others, like Escape closing a dialog, are not the reader choosing a place). */
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

interface Measured {
  position: number;
  progress: number;
}

/** Where the screen is in the article: the fraction of its height above the top of the screen, and read down to the bottom of it. */
function measure(article: HTMLElement): Measured | null {
  const rect = article.getBoundingClientRect();
  if (rect.height <= 0) return null;
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return { position: clamp(-rect.top / rect.height), progress: clamp((window.innerHeight - rect.top) / rect.height) };
}

/** The text is in: the article holds nothing still loading (aria-busy, e.g. the Markdown renderer's placeholder). */
const textReady = (article: HTMLElement) => article.querySelector('[aria-busy="true"]') === null && (article.textContent ?? '').trim() !== '';

/**
 * Remembers how far a post was read and scrolls back there on the next visit: once its text is in
 * the page (after hydration, after the renderer), unless the address has a #fragment or the reader
 * has already scrolled. Saved throttled while scrolling and when the reader leaves; reaching the
 * end of the article finishes it (its position is forgotten). Renders nothing.
 */
export function ReadingPosition({ postId, title, thumbnailUrl = null, article }: ReadingPositionProps) {
  const item = useRef({ title, thumbnailUrl });
  item.current = { title, thumbnailUrl };

  useEffect(() => {
    const element = article.current;
    if (!element) return;
    let restored = false;
    // Opened at a #fragment, the page jumps there by itself: that is not where the reader got to.
    const atFragment = window.location.hash !== '';
    let userMoved = false;
    /** Until when a scroll is the reader's own (see GESTURE_MS). */
    let gestureUntil = 0;
    /** The reader holds the page's scroll bar: a drag may pause for longer than GESTURE_MS. */
    let holdingScrollBar = false;
    let finished = false;
    let pending: Measured | null = null;
    let timer: number | undefined;

    const flush = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (!pending || finished) return;
      const { position, progress } = pending;
      pending = null;
      if (progress >= FINISHED_AT) {
        finished = true;
        clearPosition('blog', postId);
      } else {
        savePosition({ kind: 'blog', id: postId, ...item.current, position, progress });
      }
    };
    const onScroll = () => {
      // Only the reader's own scrolling is their place (docs/product.md): not the jump to a
      // #fragment, the router's restoring or resetting, a page growing shorter as the app goes to
      // another page (the browser clamps the scroll, this article still measured), or a script
      // scrolling a link into view. Until the saved place is restored (or given up), nothing is.
      const now = performance.now();
      if (!restored || (now > gestureUntil && !holdingScrollBar)) return;
      gestureUntil = now + GESTURE_MS;
      const measured = measure(element);
      if (!measured) return;
      pending = measured;
      timer ??= window.setTimeout(flush, SAVE_THROTTLE_MS);
    };
    // Only the reader's own scrolling (wheel, touch, keys, the page's scroll bar) stops the
    // restore and is saved: not window.scrollY, which the router's scroll restoration may have
    // set, clamped, before the text was in.
    const onUserMove = (event: Event) => {
      if (event instanceof KeyboardEvent && !SCROLL_KEYS.has(event.key)) return;
      // A press on the page itself, outside <body>: its scroll bar (a press on a link is not a scroll).
      if (event.type === 'pointerdown') {
        if (event.target !== document.documentElement) return;
        holdingScrollBar = true;
      }
      userMoved = true;
      gestureUntil = performance.now() + GESTURE_MS;
    };
    const onRelease = () => {
      holdingScrollBar = false;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };

    const restore = () => {
      if (restored) return;
      restored = true;
      observer.disconnect();
      window.clearTimeout(giveUp);
      const saved = getPosition('blog', postId);
      if (!saved || saved.position <= 0 || atFragment || userMoved) return;
      const rect = element.getBoundingClientRect();
      window.scrollTo({ top: Math.max(0, window.scrollY + rect.top + saved.position * rect.height), behavior: 'instant' });
    };
    // Checked after each change inside the article, and then once more in the next frame, after layout.
    const check = () => {
      if (textReady(element)) requestAnimationFrame(restore);
    };
    const observer = new MutationObserver(check);
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
    const giveUp = window.setTimeout(() => {
      restored = true;
      observer.disconnect();
    }, WAIT_FOR_TEXT_MS);
    check();

    const moves = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const type of moves) window.addEventListener(type, onUserMove, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pointerup', onRelease);
    window.addEventListener('pointercancel', onRelease);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      // The page may already be gone from the layout here: the last measured place is saved.
      flush();
      restored = true;
      observer.disconnect();
      window.clearTimeout(giveUp);
      for (const type of moves) window.removeEventListener(type, onUserMove);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pointerup', onRelease);
      window.removeEventListener('pointercancel', onRelease);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [postId, article]);

  return null;
}
