import type { Context } from 'koa';
import { DEFAULT_READING, READING_COOKIE, readingAttributes, readingFrom, type ReadingSettings } from '#contract/reading';

/**
 * The reader's theme and text size from their cookie (defaults without one, with a value we do not
 * know, or one that is not even valid percent-encoding): read once per request (the public cache's
 * key and the renderer both ask).
 */
export function readingSettingsOf(ctx: Context): ReadingSettings {
  const state = ctx.state as { readingSettings?: ReadingSettings };
  return (state.readingSettings ??= parseCookie(ctx.cookies.get(READING_COOKIE)));
}

function parseCookie(raw: string | undefined): ReadingSettings {
  if (!raw) return DEFAULT_READING;
  try {
    return readingFrom(decodeURIComponent(raw));
  } catch {
    return DEFAULT_READING;
  }
}

/**
 * The same settings as a short suffix for cache keys: a page rendered in the dark theme or a
 * larger size is another document than the default one. '' for the defaults.
 */
export function readingVariant(ctx: Context): string {
  const attributes = readingAttributes(readingSettingsOf(ctx));
  return Object.keys(attributes).length ? `#${Object.values(attributes).join('.')}` : '';
}

/** `<html …>` with the attributes that apply the settings, so the first paint is already the reader's way. */
export function withReadingAttributes(html: string, settings: ReadingSettings): string {
  const attributes = readingAttributes(settings);
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return extra ? html.replace(/<html(\s[^>]*)?>/i, (tag) => `${tag.slice(0, -1)}${extra}>`) : html;
}
