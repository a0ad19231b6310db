import { act, renderHook, waitFor } from '@testing-library/react';
import { useWritesReady } from './use-outbox';
import { setWritesLoader, writesAreReady } from './write-registry';

describe('useWritesReady', () => {
  test('kinds that could not load (offline before their code was ever fetched) are asked for again when the connection returns', async () => {
    let loads = 0;
    setWritesLoader(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return [];
    });
    const { result } = renderHook(() => useWritesReady());
    await waitFor(() => expect(loads).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Not ready, and not asking again by itself while offline.
    expect(result.current).toBe(false);
    expect(loads).toBe(1);

    act(() => {
      dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current).toBe(true));
    expect(loads).toBe(2);
    expect(writesAreReady()).toBe(true);
  });
});
