import { describe, expect, test, vi } from 'vitest';
import { formatAge, formatDate, formatDateTime, formatViews } from './format';

describe('format', () => {
  test('dates read as people write them', () => {
    expect(formatDate('2025-03-04T12:00:00Z')).toBe('March 4, 2025');
    expect(formatDate('not a date')).toBe('');
  });

  test('a session time names the weekday and the time', () => {
    const text = formatDateTime('2025-03-09T19:00:00');
    expect(text).toBe('Sunday, March 9 · 7:00 PM');
  });

  test('ages say how long ago in the largest whole unit', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-10T12:00:00Z'));
    expect(formatAge('2025-06-07T12:00:00Z')).toBe('3 days ago');
    expect(formatAge('2025-06-10T11:59:30Z')).toBe('30 seconds ago');
    expect(formatAge('2025-06-10T10:00:00Z')).toBe('2 hours ago');
    expect(formatAge('2025-06-10T12:00:00Z')).toBe('0 seconds ago');
    expect(formatAge('2024-06-10T12:00:00Z')).toBe('1 year ago');
    expect(formatAge('2025-06-12T12:00:00Z')).toBe('in 2 days');
    vi.useRealTimers();
  });

  test('views use thousands separators', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(12345)).toMatch(/^12.345 views$/);
  });
});
