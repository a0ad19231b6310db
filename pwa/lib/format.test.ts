import { afterEach, describe, expect, test, vi } from 'vitest';
import { EN_US_NUMBER_LOCALES, formatAge, formatDate, formatDateTime, formatLocalDay, formatNumber, formatViews, todayIn } from './format';

// Moments across years, months, weekdays and both halves of the day (midnight and noon included).
const MOMENTS = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2019, 0, 1) + i * 9_876_543_211));
MOMENTS.push(new Date('2025-03-09T00:00:00Z'), new Date('2025-03-09T12:00:00Z'), new Date('2025-12-31T23:59:00Z'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dates', () => {
  test('read as people write them', () => {
    expect(formatDate('2025-03-04T12:00:00Z')).toBe('March 4, 2025');
    expect(formatDate('not a date')).toBe('');
  });

  test('a session time names the weekday and the time', () => {
    expect(formatDateTime('2025-03-09T19:00:00')).toBe('Sunday, March 9 · 7:00 PM');
    expect(formatDateTime('not a date')).toBe('');
  });

  test("say what en-US's Intl says, in UTC for the site and in the reader's time zone", () => {
    const intl = (timeZone?: string) => ({
      date: new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }),
      day: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }),
    });
    for (const [how, f] of [['site', intl('UTC')], ['reader', intl()]] as const) {
      for (const moment of MOMENTS) {
        const iso = moment.toISOString();
        expect(formatDate(iso, how)).toBe(f.date.format(moment));
        // Some ICU versions put a narrow no-break space before AM/PM.
        expect(formatDateTime(iso, how)).toBe(`${f.day.format(moment)} · ${f.time.format(moment).replace(/\s/g, ' ')}`);
      }
    }
  });

  test("today is the UTC date for the site and the reader's own date for the reader", () => {
    for (const moment of MOMENTS) {
      expect(todayIn('site', moment)).toBe(moment.toISOString().slice(0, 10));
      const local = `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;
      expect(todayIn('reader', moment)).toBe(local);
    }
  });

  test("a calendar day is the reader's own: the devotional's 'Thursday, November 19'", () => {
    expect(formatLocalDay('2026-11-19')).toBe('Thursday, November 19');
    expect(formatLocalDay('2024-02-29')).toBe('Thursday, February 29');
  });
});

describe('ages', () => {
  test('say how long ago in the largest whole unit', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-10T12:00:00Z'));
    expect(formatAge('2025-06-07T12:00:00Z')).toBe('3 days ago');
    expect(formatAge('2025-06-10T11:59:30Z')).toBe('30 seconds ago');
    expect(formatAge('2025-06-10T10:00:00Z')).toBe('2 hours ago');
    expect(formatAge('2025-06-10T12:00:00Z')).toBe('0 seconds ago');
    expect(formatAge('2024-06-10T12:00:00Z')).toBe('1 year ago');
    expect(formatAge('2025-06-12T12:00:00Z')).toBe('in 2 days');
    expect(formatAge('nonsense')).toBe('');
  });

  test("say what en-US's Intl.RelativeTimeFormat says", () => {
    const now = new Date('2025-06-10T12:00:00Z').getTime();
    vi.useFakeTimers();
    vi.setSystemTime(now);
    const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31_536_000], ['month', 2_592_000], ['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]];
    for (const seconds of [-1, 1, -59, 59, -61, 3_599, -3_601, 86_399, -86_401, 2_592_001, -31_536_001, -3_000 * 31_536_000, 45]) {
      const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s)!;
      expect(formatAge(now + seconds * 1000)).toBe(relative.format(Math.round(seconds / size), unit));
    }
  });
});

describe('counts', () => {
  test('use thousands separators', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(12345)).toMatch(/^12.345 views$/);
  });

  const COUNTS = [0, 7, 999, 1_000, 12_345, 999_999, 1_234_567, 9_007_199_254_740_991, -4_321];

  test("the site's are en-US's", () => {
    for (const n of COUNTS) expect(formatNumber(n, 'site')).toBe(new Intl.NumberFormat('en-US').format(n));
    expect(formatNumber(1234.5678, 'site')).toBe('1,234.568');
  });

  test('every locale formatted without Intl reads exactly as Intl says it', () => {
    for (const locale of EN_US_NUMBER_LOCALES) {
      vi.stubGlobal('navigator', { languages: [locale], language: locale });
      for (const n of COUNTS) expect(formatNumber(n), `${locale} ${n}`).toBe(new Intl.NumberFormat(locale).format(n));
    }
  });

  test("a reader in another locale gets that locale's separators", () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'], language: 'de-DE' });
    expect(formatNumber(12345)).toBe(new Intl.NumberFormat('de-DE').format(12345));
    expect(formatNumber(12345)).toBe('12.345');
  });
});
