// Waiting for this machine's cores to be idle before a timed run. Lighthouse's simulated blocking
// time is the wall-clock length of the page's tasks × 4, so work left over from before the run
// (a build, the previous run's browser closing, the server's own start) lengthens the page's
// tasks as if they were the page's. On two cores it was the largest source of spread between runs.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Idle and total jiffies of all cores, from the first line of /proc/stat; null without /proc. */
function cpuTimes(): { idle: number; total: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const idle = fields[3]! + (fields[4] ?? 0);
    return { idle, total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0) };
  } catch {
    return null;
  }
}

/** The share of the cores that was idle over the next `windowMs` (1 where it cannot be read). */
export async function idleShare(windowMs: number): Promise<number> {
  const before = cpuTimes();
  await sleep(windowMs);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return 1;
  return (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Resolves once the cores have been at least `minIdle` idle over one `windowMs` window, or after
 * `maxWaitMs` at the latest (a machine that never quiets down still gets measured). Returns how
 * long it waited.
 */
export async function quietMachine({ minIdle = 0.9, windowMs = 1000, maxWaitMs = 30_000 } = {}): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < maxWaitMs) {
    if ((await idleShare(windowMs)) >= minIdle) break;
  }
  return Date.now() - start;
}
