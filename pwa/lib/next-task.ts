/**
 * Resolves in a task of its own, so what runs after it does not lengthen the task that awaited
 * it: `scheduler.yield()` where the browser has it (Chromium), a zero-delay timer elsewhere. For
 * splitting a start-up that a phone would run as one long task into pieces that let input in.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
