// The real server as `npm start` runs it with WEB_CONCURRENCY (api/cluster.ts), for the bench:
// one process when it is 1, else a primary that prepares the database and forks the workers
// (which run this same script). Prints `BENCH_READY {"url","pid"}` (the primary's pid) once all listen.
import cluster from 'node:cluster';
import { runClusterPrimary } from '#api/cluster';
import { loadConfig } from '#api/config';
import { closeOnSignals, startServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';
import { announceReady } from './lib/processes';

const config = loadConfig(process.env);
if (cluster.isWorker) {
  closeOnSignals(await startServer(config, { prepare: false }));
} else if (config.webConcurrency > 1) {
  await runClusterPrimary(config, announceReady, seedIfEmpty);
} else {
  const running = await startServer(config, { seed: seedIfEmpty });
  closeOnSignals(running);
  announceReady(running.url);
}
