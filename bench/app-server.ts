// The real API server in a process of its own, for the bench. Settings come from the environment
// (loadConfig); BENCH_SEED=false skips the sample content (the search corpus is loaded beforehand);
// BENCH_RATE_LIMITS=off leaves out the rate limiter; BENCH_POOL_WAITS=1 prints how long queries
// waited for a database connection when it exits.
// Prints `BENCH_READY {"url","pid"}` on stdout once it listens.
import { loadConfig } from '#api/config';
import { closeOnSignals, startServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';
import { printPoolWaitsOnExit } from './lib/pool-waits';
import { announceReady } from './lib/processes';

const config = loadConfig(process.env);
// BENCH_RATE_LIMITS=off: the sign-in-limits section's baseline, the same server without the limiter.
if (process.env.BENCH_RATE_LIMITS === 'off') config.rateLimits = null;
const running = await startServer(config, { seed: process.env.BENCH_SEED === 'false' ? undefined : seedIfEmpty });
if (process.env.BENCH_POOL_WAITS === '1') printPoolWaitsOnExit(running.db);
closeOnSignals(running);
announceReady(running.url);
