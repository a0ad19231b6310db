import { afterEach, describe, expect, test, vi } from 'vitest';
import { setOnline } from '../test/online';
import { backOnline } from './back-online';

describe('backOnline', () => {
  afterEach(() => vi.useRealTimers());

  test('online: resolves after the delay', async () => {
    vi.useFakeTimers();
    let done = false;
    void backOnline(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  test('offline: waits for the signal, however long, then the delay', async () => {
    vi.useFakeTimers();
    setOnline(false);
    let done = false;
    void backOnline(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    setOnline(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
