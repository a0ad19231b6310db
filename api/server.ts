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
        server.closeIdleConnections();
      });
      await db.destroy();
    })());
  return { server, db, config, url, close };
}

/** SIGTERM/SIGINT: stop accepting, finish in-flight requests, close the database, exit. */
export function closeOnSignals(running: RunningServer): void {
  const shutdown = (signal: string) => {
    console.log(`[server] ${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[server] error while closing', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
