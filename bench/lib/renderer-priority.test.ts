import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterEach, describe, expect, test } from 'vitest';
import { prioritizeRenderers } from './renderer-priority';

/** A child of this process whose command line reads like one of chromium's processes of `type`. */
function fakeChromiumProcess(type: string, ...args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)', '--', `--type=${type}`, ...args], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

/** Children start at this process's own priority. */
const ownNice = os.getPriority();
/** Whether this process may raise a priority (root, or CAP_SYS_NICE; a container may drop it even for root). */
function mayRaise(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    os.setPriority(ownNice - 1);
    os.setPriority(ownNice);
    return true;
  } catch {
    return false;
  }
}
const canRaise = mayRaise();
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe.runIf(process.platform === 'linux')('prioritizeRenderers', () => {
  test.runIf(canRaise)("puts the browser's renderers at nice -10, a renderer started later too, and the tracing service, nothing else, and keeps them there", async () => {
    const before = await fakeChromiumProcess('renderer');
    const other = await fakeChromiumProcess('gpu-process');
    const network = await fakeChromiumProcess('utility', '--utility-sub-type=network.mojom.NetworkService');
    const tracing = await fakeChromiumProcess('utility', '--utility-sub-type=tracing.mojom.TracingService');
    children.push(before, other, network, tracing);
    const priority = prioritizeRenderers(process.pid);
    const later = await fakeChromiumProcess('renderer');
    children.push(later);
    try {
      await expect.poll(() => os.getPriority(later.pid!), { timeout: 2000 }).toBe(-10);
      expect(os.getPriority(before.pid!)).toBe(-10);
      expect(os.getPriority(other.pid!)).toBe(ownNice);
      expect(os.getPriority(network.pid!)).toBe(ownNice);
      // The tracing service drains the renderers' trace buffers: it keeps up with them.
      expect(os.getPriority(tracing.pid!)).toBe(-10);
      expect(priority.applied).toBe(true);
      // Chromium sets its threads' priorities itself as it goes: a lowered one is raised again.
      os.setPriority(before.pid!, 5);
      await expect.poll(() => os.getPriority(before.pid!), { timeout: 2000 }).toBe(-10);
    } finally {
      priority.stop();
    }
  });

  /** A renderer child of this process, watched as if `browserPid` were its browser's: left as it was. */
  async function expectLeftAlone(browserPid: (renderer: ChildProcess) => number) {
    const renderer = await fakeChromiumProcess('renderer');
    children.push(renderer);
    const priority = prioritizeRenderers(browserPid(renderer));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(os.getPriority(renderer.pid!)).toBe(ownNice);
      expect(priority.applied).toBe(false);
    } finally {
      priority.stop();
    }
  }

  // No process has this number: the renderer-looking child descends from no such browser.
  test('leaves renderers of another browser alone', () => expectLeftAlone((renderer) => renderer.pid! + 1_000_000));

  test.runIf(!canRaise)('says so where a higher priority is not allowed, and changes nothing', () => expectLeftAlone(() => process.pid));
});
