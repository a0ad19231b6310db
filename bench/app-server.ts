// The real API server in a process of its own, for the bench. Settings come from the environment
// (loadConfig); BENCH_SEED=false skips the sample content (the search corpus is loaded beforehand).
// Prints `BENCH_READY {"url","pid"}` on stdout once it listens.
import { loadConfig } from '../api/config.js';
import { closeOnSignals, startServer } from '../api/server.js';
import { announceReady } from './lib/processes.js';

const running = await startServer(loadConfig(process.env), { seed: process.env.BENCH_SEED !== 'false' });
closeOnSignals(running);
announceReady(running.url);
