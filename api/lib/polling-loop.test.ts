import { afterEach, expect, test, vi } from 'vitest';
import { startPollingLoop } from './polling-loop';

const loops: Array<{ stop: () => Promise<void> }> = [];
afterEach(async () => {
  for (const loop of loops.splice(0)) await loop.stop();
  vi.restoreAllMocks();
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

test('runs at start; wakes during a run make one more run, never two at once; stop waits for the run', async () => {
  let runs = 0;
  let inRun = 0;
  let most = 0;
  let gate = deferred();
  let wake: () => void = () => undefined;
  const loop = startPollingLoop({
    label: 'test',
    pollMs: 60_000,
    run: async () => {
      runs += 1;
      most = Math.max(most, (inRun += 1));
      await gate.promise;
      inRun -= 1;
    },
    subscribe: (w) => {
      wake = w;
      return () => (wake = () => undefined);
    },
  });
  loops.push(loop);
  await vi.waitFor(() => expect(runs).toBe(1));
  wake();
  wake();
  wake();
  const first = gate;
  gate = deferred();
  first.resolve();
  await vi.waitFor(() => expect(runs).toBe(2));
  let stopped = false;
  const stopping = loop.stop().then(() => (stopped = true));
  expect(loop.stopping()).toBe(true);
  await new Promise((r) => setTimeout(r, 20));
  expect(stopped).toBe(false);
  gate.resolve();
  await stopping;
  expect(runs).toBe(2);
  expect(most).toBe(1);
});

test('a failed run is logged, and the next wake runs again', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let runs = 0;
  let wake: () => void = () => undefined;
  const loop = startPollingLoop({
    label: 'flaky',
    pollMs: 60_000,
    run: async () => {
      runs += 1;
      if (runs === 1) throw new Error('database gone');
    },
    subscribe: (w) => {
      wake = w;
      return () => undefined;
    },
  });
  loops.push(loop);
  await vi.waitFor(() => expect(error).toHaveBeenCalledWith('[flaky] failed; it tries again at its next poll', expect.any(Error)));
  wake();
  await vi.waitFor(() => expect(runs).toBe(2));
});
