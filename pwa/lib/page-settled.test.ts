import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { settle } from './page-settled';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('settle', () => {
  test('waits while a query is fetching, and resolves once nothing is', async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    let settled = false;
    void settle(client, 10_000).then(() => (settled = true));
    await tick(200);
    expect(settled).toBe(false);
    answer('done');
    await tick(200);
    expect(settled).toBe(true);
  });

  test('a query that never answers holds the rest back only until the timeout', async () => {
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    let settled = false;
    void settle(client, 150).then(() => (settled = true));
    await tick(50);
    expect(settled).toBe(false);
    await tick(250);
    expect(settled).toBe(true);
  });

  test('with nothing to fetch it resolves at once (after a short quiet spell)', async () => {
    let settled = false;
    void settle(new QueryClient(), 10_000).then(() => (settled = true));
    await tick(150);
    expect(settled).toBe(true);
  });
});
