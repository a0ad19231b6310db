// Child server processes of the bench: started with tsx's loader in one node process (so the PID
// the child reports is the process that serves), killed when the bench exits however it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const READY_PREFIX = 'BENCH_READY ';

export interface ChildServer {
  name: string;
  url: string;
  pid: number;
  /** Peak resident set size so far (VmHWM), in bytes; null when /proc is not available. */
  peakRss: () => number | null;
  /** CPU time used so far (user + system, all threads), in seconds; null without /proc. */
  cpuSeconds: () => number | null;
  /** SIGTERM, then SIGKILL after a grace period. Safe to call twice. */
  stop: () => Promise<void>;
}

const live = new Set<ChildProcess>();

/** Last resort, synchronous: used by the exit and signal handlers of run.ts. */
export function killAllChildren(): void {
  for (const child of live) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

/** Reads a field such as VmHWM or VmRSS (kB in the file) from /proc/<pid>/status, in bytes. */
export function procStatusBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process (all its threads), from /proc/<pid>/stat. */
export function procCpuSeconds(pid: number | 'self'): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the file (11 and 12 after "pid (comm) "), in USER_HZ = 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Starts `bench/<script>` in its own node process and waits for its `BENCH_READY {"url","pid"}`
 * line. Its stdout is drained (never left to fill the pipe); stderr is passed through, prefixed.
 */
export async function startChild(
  name: string,
  script: string,
  opts: { env?: Record<string, string>; args?: string[]; timeoutMs?: number; niceness?: number } = {},
): Promise<ChildServer> {
  // BENCH_NODE_ARGS adds node flags to every server the bench starts, e.g. to profile them:
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles' (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const command = [process.execPath, ...nodeArgs, '--import', 'tsx', path.join(BENCH_DIR, script), ...(opts.args ?? [])];
  // Through nice(1), so every thread of the child (libuv's pool, V8's helpers) runs at that priority.
  if (opts.niceness !== undefined) command.unshift('nice', '-n', String(opts.niceness));
  const child = spawn(command[0]!, command.slice(1), {
    cwd: path.dirname(BENCH_DIR),
    env: { ...process.env, ...opts.env },
    // stdin stays open as a lifeline: the child exits when it closes (the bench died).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => live.delete(child));

  const stderrTail: string[] = [];
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 30) stderrTail.shift();
    process.stderr.write(`  [${name}] ${line}\n`);
  });

  const ready = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: not ready after ${(opts.timeoutMs ?? 120_000) / 1000} s`)), opts.timeoutMs ?? 120_000);
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith(READY_PREFIX)) return;
      clearTimeout(timer);
      try {
        resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { url: string; pid: number });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})\n${stderrTail.join('\n')}`));
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });

  let stopping: Promise<void> | null = null;
  return {
    name,
    url: ready.url,
    pid: ready.pid,
    peakRss: () => procStatusBytes(ready.pid, 'VmHWM'),
    cpuSeconds: () => procCpuSeconds(ready.pid),
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      })()),
  };
}

/** For the child scripts: announce readiness, and exit when the bench's end of stdin closes. */
export function announceReady(url: string): void {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('error', () => process.exit(0));
  process.stdin.resume();
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url, pid: process.pid })}\n`);
}
