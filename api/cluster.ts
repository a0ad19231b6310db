import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';
import { relayClusterEvents } from './lib/event-bus';
import { prepareDatabase, type Seeder } from './server';

/** A worker that lived this long before dying was not crash-looping: its restart waits the least again. */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 250;
const MAX_RESTART_DELAY_MS = 30_000;
/** Each worker forces its own exit after 10 s of draining (server.ts); this is the primary's last resort. */
const FORCE_STOP_AFTER_MS = 15_000;

/**
 * The primary of `WEB_CONCURRENCY=N npm start`: migrates and runs `seed` once, then forks N workers that
 * each run the whole app on the one shared port (node:cluster hands them the connections). A
 * worker that dies is replaced, after a delay that doubles with each death in a row (250 ms up to
 * 30 s), so a crash loop does not spin. SIGTERM, SIGINT or SIGHUP: each worker stops as a single
 * server does (in-flight requests finish, see closeOnSignals), the primary exits when all have,
 * with 0 when all stopped cleanly. Workers hold no state of their own (sessions, uploads,
 * idempotency claims, job leases are in the database), so any worker may answer any request.
 */
export async function runClusterPrimary(config: AppConfig, onListening: (url: string) => void, seed?: Seeder): Promise<void> {
  await prepareDatabase(config, seed);
  const started = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let crashesInARow = 0;
  let stopping = false;
  let failedStop = false;
  let announced = false;
  let listening = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('listening', (worker, address) => {
    listening += 1;
    if (announced) console.log(`[cluster] worker ${worker.process.pid} is serving in place of one that ended`);
    if (!announced && listening >= config.webConcurrency) {
      announced = true;
      const host = address.address && address.address !== '::' ? address.address : config.host;
      onListening(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? Date.now());
    started.delete(worker.id);
    if (stopping) {
      // A worker still starting has no handler yet and no request either: SIGTERM ends it at once, cleanly.
      if (code !== 0 && signal !== 'SIGTERM') failedStop = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedStop ? 1 : 0);
      return;
    }
    crashesInARow = lived >= STABLE_AFTER_MS ? 1 : crashesInARow + 1;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (crashesInARow - 1));
    console.error(`[cluster] worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}) after ${lived} ms: starting another in ${delay} ms`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    restarts.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`[cluster] ${signal} again: workers are still finishing in-flight requests`);
      return;
    }
    stopping = true;
    console.log(`[cluster] ${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(0);
    // A signal sent to the whole process group reached the workers already; one sent to the
    // primary alone (a process manager's kill <pid>) is passed on. A second one is ignored by them.
    for (const worker of workers) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      console.error('[cluster] workers did not stop in time: killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, FORCE_STOP_AFTER_MS);
    force.unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);

  // Live Q&A events between workers on SQLite (on PostgreSQL they go through the database).
  if (config.database.client === 'sqlite') relayClusterEvents(cluster);
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}
