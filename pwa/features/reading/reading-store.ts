import {
  DEFAULT_READING,
  READING_COOKIE,
  READING_STORAGE_KEY,
  readingAttributes,
  readingCookieValue,
  readingFrom,
  type ReadingSettings,
} from '#contract/reading';

// The reader's theme and text size on this device: localStorage is the app's copy (read before the
// first paint of the shell by /reading-settings.js), the cookie the server's (a rendered page
// comes with them on <html>). Both are written on every change; the cookie is written again at
// start, since Safari lets a cookie set by a script live only a week.

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();
let current: ReadingSettings | null = null;

function stored(): ReadingSettings {
  try {
    const raw = localStorage.getItem(READING_STORAGE_KEY);
    return raw ? readingFrom(JSON.parse(raw)) : DEFAULT_READING;
  } catch {
    return DEFAULT_READING;
  }
}

export function getReading(): ReadingSettings {
  return (current ??= stored());
}

/** On <html> while a change of theme or text size is drawn: the styles let no transition run then. */
export const READING_CHANGING_ATTRIBUTE = 'data-reading-changing';

/**
 * The attributes on <html> (the styles read them), without touching any other attribute. A change
 * is drawn at once, with no transition: a new theme changes the colours of every button, link and
 * field, and each of them faded on its own (its transition-colors), which started a hundred
 * transitions whose events the page handled one by one before it could show the new theme.
 */
export function applyReading(settings: ReadingSettings, root: HTMLElement = document.documentElement): void {
  const attributes = readingAttributes(settings);
  let changed = false;
  for (const name of ['data-theme', 'data-text-size']) {
    const value = attributes[name];
    if (root.getAttribute(name) === (value ?? null)) continue;
    changed = true;
    if (value === undefined) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
  if (changed) withoutTransitions(root);
}

let transitionsBack: number | null = null;

/** No transitions until the change has been drawn: the attribute goes two frames later (the first frame draws the change). */
function withoutTransitions(root: HTMLElement): void {
  if (typeof requestAnimationFrame !== 'function') return;
  root.setAttribute(READING_CHANGING_ATTRIBUTE, '');
  if (transitionsBack !== null) cancelAnimationFrame(transitionsBack);
  transitionsBack = requestAnimationFrame(() => {
    transitionsBack = requestAnimationFrame(() => {
      transitionsBack = null;
      root.removeAttribute(READING_CHANGING_ATTRIBUTE);
    });
  });
}

function writeCookie(settings: ReadingSettings): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${READING_COOKIE}=${readingCookieValue(settings)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}

export function setReading(next: Partial<ReadingSettings>): void {
  const settings = { ...getReading(), ...next };
  current = settings;
  try {
    localStorage.setItem(READING_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage blocked: this page still changes, and the cookie may remember.
  }
  writeCookie(settings);
  applyReading(settings);
  for (const listener of listeners) listener();
}

/** At start: the page as the reader set it (a rendered page may predate a change in another tab), the cookie renewed. */
export function startReading(): void {
  const settings = getReading();
  applyReading(settings);
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${READING_COOKIE}=`));
  const isDefault = settings.theme === DEFAULT_READING.theme && settings.textSize === DEFAULT_READING.textSize;
  if (!isDefault || cookie) writeCookie(settings);
  // Another tab changed them: follow.
  window.addEventListener('storage', (event) => {
    if (event.key !== READING_STORAGE_KEY) return;
    current = stored();
    applyReading(current);
    for (const listener of listeners) listener();
  });
}

export function subscribeReading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
