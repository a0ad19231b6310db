import type { Server } from 'node:http';
import { createApp } from './app.js';
import { loadConfig, type AppConfig } from './config.js';
import { createDb, migrate, type Db } from './db.js';
import { purgeOldIdempotencyKeys } from './middleware/idempotency.js';
import { purgeExpiredSessions } from './middleware/session.js';
import { objectsService } from './modules/objects/objects.service.js';
import { seedIfEmpty } from '../seeds/index.js';

export interface RunningServer {
  server: Server;
  db: Db;
  config: AppConfig;
  url: string;
  close: () => Promise<void>;
}

/** Migrates, seeds an empty database, and listens. Used by `npm start`, the e2e tests and the bench. */
export async function startServer(config: AppConfig = loadConfig(), opts: { seed?: boolean } = {}): Promise<RunningServer> {
  const db = createDb(config.database);
  await migrate(db);
  if (opts.seed !== false) await seedIfEmpty(db);
  const objects = objectsService(db, config);
  await purgeExpiredSessions(db);
  await purgeOldIdempotencyKeys(db);
  await objects.sweepUnused();
  const housekeeping = setInterval(() => {
    void purgeExpiredSessions(db).catch(() => undefined);
    void purgeOldIdempotencyKeys(db).catch(() => undefined);
    void objects.sweepUnused().catch(() => undefined);
  }, 60 * 60 * 1000);
  housekeeping.unref();

  const app = createApp({ config, db });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(housekeeping);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A keep-alive connection is closed as soon as its request has been answered, not after
        // its 65 s idle timeout: in-flight requests finish, and nothing waits on idle sockets.
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        server.once('close', () => clearInterval(idle));
      });
      await db.destroy();
    })());
  return { server, db, config, url, close };
}

/**
 * SIGTERM, SIGINT, SIGHUP: stop accepting, let in-flight requests finish (their writes commit and
 * their answers go out), close the database, exit; forced after 10 s. A stop signal usually comes
 * more than once: a terminal's Ctrl-C, `docker stop` and systemd signal the whole process group,
 * and npm passes the signal on to its child as well. Later signals while draining are noted and
 * ignored, so the drain is never cut short.
 */
export function closeOnSignals(running: RunningServer): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log(`[server] ${signal} again: still finishing in-flight requests`);
      return;
    }
    stopping = true;
    console.log(`[server] ${signal}: closing`);
    const force = setTimeout(() => {
      console.error('[server] in-flight requests did not finish within 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[server] error while closing', err);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, shutdown);
}
