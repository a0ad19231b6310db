// The page's renderer ahead of the measuring harness for the CPU. Lighthouse's simulated blocking
// time is the wall-clock length of the page's main-thread tasks × 4, and it assumes the page had a
// core whenever it had work (Lighthouse asks for at least two dedicated cores, four recommended).
// Here two cores are shared by the renderer and the harness: chromium's browser process, its
// tracing service and display compositor (Lighthouse records a trace and screenshots), Lighthouse
// itself and the server. Interleaved on /blog/1 (8 runs each), TBT medians 90 ms (runs 40-327)
// as they were, 18 ms (0-108) with the renderer first; the page's own CPU time gives 15-56 ms.
// The renderer's work itself is not made smaller: only its wait for a core goes. Chromium's tracing
// service, which drains the renderers' trace buffers, runs beside them.
import fs from 'node:fs';
import os from 'node:os';

export interface RendererPriority {
  /** Whether the renderers ran ahead: at least one was raised, and none was refused. */
  applied: boolean;
  stop: () => void;
}

const RENDERER_NICE = -10;
const POLL_MS = 25;

function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Whether `pid` is a descendant of `ancestor` (chromium's renderers are children of its zygote). */
function descendsFrom(pid: number, ancestor: number): boolean {
  for (let current: number | null = pid, depth = 0; current && current > 1 && depth < 8; depth += 1) {
    current = parentOf(current);
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * Whether process `pid` runs ahead: one of chromium's renderers, or its tracing service; null when it cannot
 * tell yet (gone, or a child of the zygote that still carries the zygote's command line until it
 * becomes a renderer). The tracing service drains the renderers' trace buffers: left behind them,
 * Lighthouse found no navigationStart in 5 of 28 runs of one bench (NO_NAVSTART), beside them in
 * 1 of 15.
 */
function runsAhead(pid: number): boolean | null {
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null;
  }
  if (cmdline.includes('--type=renderer') || cmdline.includes('--utility-sub-type=tracing.mojom.TracingService')) return true;
  return cmdline.includes('--type=zygote') ? null : false;
}

/**
 * Sets every thread of `pid` to `nice` where it is not already; false when the system refuses a
 * higher priority, null once the process is gone.
 */
function setProcessNice(pid: number, nice: number): boolean | null {
  let threads: string[];
  try {
    threads = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  for (const tid of threads) {
    try {
      if (os.getPriority(Number(tid)) !== nice) os.setPriority(Number(tid), nice);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') return false;
    }
  }
  return true;
}

/**
 * Until `stop()`, every thread of every renderer of the chromium at `browserPid` runs at nice -10,
 * ahead of everything else on the machine. Polled: a navigation starts a new renderer, and
 * chromium sets its threads' priorities itself as it goes (a renderer's main thread at nice 5
 * while chromium counts it as in the background, its compositor at -8): a priority set once was
 * undone within the first second. Where raising a priority is not allowed (not root, no
 * CAP_SYS_NICE) nothing changes, and `applied` says so.
 */
export function prioritizeRenderers(browserPid: number): RendererPriority {
  if (process.platform !== 'linux') return { applied: false, stop: () => {} };
  const others = new Set<number>();
  const ahead = new Set<number>();
  let refused = false;
  let raised = false;
  const poll = () => {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      if (others.has(pid) || ahead.has(pid)) continue;
      const runs = runsAhead(pid);
      if (runs === null) continue;
      (runs && descendsFrom(pid, browserPid) ? ahead : others).add(pid);
    }
    for (const pid of ahead) {
      const result = setProcessNice(pid, RENDERER_NICE);
      if (result === null) ahead.delete(pid);
      else if (result) raised = true;
      else refused = true;
    }
  };
  poll();
  const timer = setInterval(poll, POLL_MS);
  return {
    get applied() {
      return raised && !refused;
    },
    stop: () => clearInterval(timer),
  };
}
