// autocannon runs: a short warm-up whose figures are dropped, then the measured run.
import autocannon from 'autocannon';
import { rawGet } from './http';
import { procCpuSeconds } from './processes';

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU use of the server process during the measured run (100% = one core), when its pid is given. */
  serverCpuPercent: number | null;
  /** CPU use of this process (autocannon) during the measured run. */
  clientCpuPercent: number | null;
}

/** One autocannon run, as a promise. */
export function once(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)));
  });
}

/** CPU use between two readings of a process's CPU seconds, `seconds` apart (100 = one core). */
export const percent = (before: number | null, after: number | null, seconds: number) => (before === null || after === null ? null : ((after - before) / seconds) * 100);

export async function load(
  url: string,
  opts: { connections: number; seconds: number; warmupSeconds: number; serverPid?: number; accept?: string; acceptEncoding?: string },
): Promise<LoadResult> {
  // No Accept-Encoding unless asked: neither the app nor the bare server compresses, so both send the same bytes.
  const headers = { accept: opts.accept ?? 'application/json', ...(opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {}) };
  const base: autocannon.Options = { url, connections: opts.connections, headers, timeout: 10 };
  if (opts.warmupSeconds > 0) await once({ ...base, duration: opts.warmupSeconds });
  const [server0, client0, t0] = [opts.serverPid ? procCpuSeconds(opts.serverPid) : null, procCpuSeconds('self'), performance.now()];
  const r = await once({ ...base, duration: opts.seconds });
  const [server1, client1, elapsed] = [opts.serverPid ? procCpuSeconds(opts.serverPid) : null, procCpuSeconds('self'), (performance.now() - t0) / 1000];
  // autocannon stops with requests still queued in the server (behind the database connection);
  // one more request to the same URL answers after them, so the next run (or the stop) starts idle.
  await rawGet(url, headers);
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuPercent: percent(server0, server1, elapsed),
    clientCpuPercent: percent(client0, client1, elapsed),
  };
}
