// An open-loop load generator: request n is due at start + n / rate, whatever happened to the
// ones before it, and its latency counts from that moment (so time spent waiting for a free
// socket on this side is counted too: no coordinated omission). autocannon's `overallRate` is
// not this: each connection sends its share of a second back to back as soon as the second
// starts and then waits for the next, so 1,000 req/s arrive as one burst a second.
import http from 'node:http';
import { percentile } from './format';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What the figures are split by ('read', 'write'…). */
  kind: string;
}

export interface OpenLoopResult {
  offered: number;
  /** Answers per second over the run, counted by when they came. */
  achieved: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  byKind: Map<string, { count: number; p50: number; p99: number }>;
  statuses: Map<number, number>;
  errors: number;
}

export async function openLoop(opts: {
  url: string;
  rate: number;
  seconds: number;
  /** Sockets this side may open; enough that none is ever waited for at the offered rate. */
  maxSockets: number;
  next: (n: number) => OpenLoopRequest;
  onResponse?: (request: OpenLoopRequest, status: number) => void;
}): Promise<OpenLoopResult> {
  const base = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  let errors = 0;
  let done = 0;
  let lastAnswerAt = 0;
  const start = performance.now() + 50;

  const send = (n: number, due: number) => {
    const request = opts.next(n);
    const req = http.request(
      { host: base.hostname, port: base.port, path: request.path, method: request.method, agent, headers: { accept: 'application/json', ...request.headers } },
      (res) => {
        res.resume();
        res.on('end', () => {
          const now = performance.now();
          lastAnswerAt = now;
          const ms = now - due;
          latencies.push(ms);
          (byKind.get(request.kind) ?? byKind.set(request.kind, []).get(request.kind)!).push(ms);
          statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
          opts.onResponse?.(request, res.statusCode ?? 0);
          done += 1;
        });
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
    req.on('error', () => {
      errors += 1;
      done += 1;
    });
    req.end(request.body);
  };

  await new Promise<void>((resolve) => {
    let n = 0;
    const tick = () => {
      const now = performance.now();
      while (n < total && start + (n * 1000) / opts.rate <= now) {
        send(n, start + (n * 1000) / opts.rate);
        n += 1;
      }
      if (n < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 50);
  });
  while (done < total) await new Promise((resolve) => setTimeout(resolve, 10));
  agent.destroy();

  const sorted = (list: number[]) => list.sort((a, b) => a - b);
  sorted(latencies);
  return {
    offered: opts.rate,
    achieved: (total - errors) / ((lastAnswerAt - start) / 1000),
    sent: total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    byKind: new Map([...byKind].map(([kind, list]) => [kind, { count: list.length, p50: percentile(sorted(list), 50), p99: percentile(list, 99) }])),
    statuses,
    errors,
  };
}
