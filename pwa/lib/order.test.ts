import { describe, expect, test } from 'vitest';
import { newestFirst } from './order';

describe('newestFirst', () => {
  test('orders ISO timestamps newest first, as their times do', () => {
    const times = ['2025-06-10T12:00:00.000Z', '2024-12-31T23:59:59.999Z', '2025-06-10T12:00:00.001Z', '2025-01-01T00:00:00.000Z', '2025-06-09T23:00:00.000Z'];
    const byTime = [...times].sort((a, b) => Date.parse(b) - Date.parse(a));
    expect([...times].sort(newestFirst)).toEqual(byTime);
    expect(newestFirst(times[0]!, times[0]!)).toBe(0);
  });
});
