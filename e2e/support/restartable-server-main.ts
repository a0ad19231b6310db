// The process that restartable-server.ts starts: the real server (api/server.ts) on a fixed port
// over a given SQLite file, with the e2e settings, until SIGTERM (clean stop) or SIGKILL (a crash).
// Prints one line, `listening <url>`, once it accepts connections.
import { closeOnSignals, startServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';
import { e2eServerConfig } from './own-server';

const dir = process.env.CHAOS_SERVER_DIR;
const distDir = process.env.CHAOS_SERVER_DIST;
const port = Number(process.env.CHAOS_SERVER_PORT);
if (!dir || !distDir || !Number.isInteger(port) || port <= 0) {
  console.error('restartable-server-main: CHAOS_SERVER_DIR, CHAOS_SERVER_DIST and CHAOS_SERVER_PORT are required');
  process.exit(2);
}

try {
  const running = await startServer({ ...e2eServerConfig(dir, distDir), port, logRequests: Boolean(process.env.CHAOS_TRACE) }, { seed: seedIfEmpty });
  closeOnSignals(running);
  process.stdout.write(`listening ${running.url}\n`);
} catch (err) {
  console.error('restartable-server-main: could not start', err);
  process.exit(1);
}
