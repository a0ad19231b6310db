// Reading comfort (docs/product.md#reading-settings): the theme and the text size a reader picked on this device.
// Kept in localStorage (the app's own copy) and in a cookie, so the server can render a page the
// way the reader set it and nothing flashes in the wrong theme or size before the app starts.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** At least four steps (docs/product.md#reading-settings); 'medium' is the site's own size. */
export const TEXT_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export interface ReadingSettings {
  theme: Theme;
  textSize: TextSize;
}

export const DEFAULT_READING: ReadingSettings = { theme: 'system', textSize: 'medium' };

/** The cookie the server reads: `<theme>.<textSize>`, e.g. `dark.large`. */
export const READING_COOKIE = 'cik_reading';
/** The app's own copy on the device (read before the first paint by /reading-settings.js). */
export const READING_STORAGE_KEY = 'cik.reading';

const isTheme = (v: unknown): v is Theme => typeof v === 'string' && (THEMES as readonly string[]).includes(v);
const isTextSize = (v: unknown): v is TextSize => typeof v === 'string' && (TEXT_SIZES as readonly string[]).includes(v);

/** Settings from anything stored (a JSON object, a cookie's value): unknown values fall back to the defaults. */
export function readingFrom(value: unknown): ReadingSettings {
  if (typeof value === 'string') {
    const [theme, textSize] = value.split('.');
    return { theme: isTheme(theme) ? theme : DEFAULT_READING.theme, textSize: isTextSize(textSize) ? textSize : DEFAULT_READING.textSize };
  }
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { theme: isTheme(record.theme) ? record.theme : DEFAULT_READING.theme, textSize: isTextSize(record.textSize) ? record.textSize : DEFAULT_READING.textSize };
}

export const readingCookieValue = (s: ReadingSettings) => `${s.theme}.${s.textSize}`;

/** The attributes on <html> that apply the settings (the styles read them); none for the defaults. */
export function readingAttributes(s: ReadingSettings): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (s.theme !== 'system') attributes['data-theme'] = s.theme === 'dark' ? 'cik-dark' : 'cik-light';
  if (s.textSize !== 'medium') attributes['data-text-size'] = s.textSize;
  return attributes;
}
