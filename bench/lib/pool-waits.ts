// How long queries waited for a database connection in a bench server: knex's pool (tarn) says
// when a connection is asked for and when it is lent. Printed on stderr, so a section's output
// shows it beside its own figures (the bench passes a child's stderr through): on SIGUSR2 (the
// figures since the last, then counted afresh: one run of a section) and when the process exits.
import type { Db } from '#api/db';
import { percentile } from './format';

interface TarnPool {
  on(event: 'acquireRequest', listener: (eventId: number) => void): void;
  on(event: 'acquireSuccess' | 'acquireFail', listener: (eventId: number) => void): void;
  max: number;
}

function watch(pool: TarnPool, label: string): () => string {
  const asked = new Map<number, number>();
  let waits: number[] = [];
  pool.on('acquireRequest', (id) => asked.set(id, performance.now()));
  const done = (id: number) => {
    const at = asked.get(id);
    if (at === undefined) return;
    asked.delete(id);
    waits.push(performance.now() - at);
  };
  pool.on('acquireSuccess', done);
  pool.on('acquireFail', done);
  return () => {
    const sorted = waits.sort((a, b) => a - b);
    waits = [];
    const over = (ms: number) => sorted.filter((w) => w > ms).length;
    return `${label} (max ${pool.max}): ${sorted.length} connections lent, wait p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; ${over(1)} waited over 1 ms, ${over(10)} over 10 ms`;
  };
}

/** Starts counting; the figures are printed on SIGUSR2 and as the process exits. */
export function printPoolWaitsOnExit(db: Db): void {
  const client = db.client as { pool?: TarnPool; readers?: { pool?: TarnPool } };
  const reports: (() => string)[] = [];
  if (client.pool) reports.push(watch(client.pool, client.readers ? 'SQLite writer pool' : 'PostgreSQL pool'));
  if (client.readers?.pool) reports.push(watch(client.readers.pool, 'SQLite readers pool'));
  const print = () => {
    for (const report of reports) process.stderr.write(`pool waits: ${report()}\n`);
  };
  process.on('SIGUSR2', print);
  process.once('exit', print);
}
