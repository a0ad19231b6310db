import type { Server } from 'node:http';
import { createApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { createDb, migrate, type Db } from './db';
import { createEventBus, type EventBus } from './lib/event-bus';
import { jobLeases } from './lib/job-lease';
import { purgeOldIdempotencyKeys } from './middleware/idempotency';
import { deleteFinishedMail, deleteOldMailFiles, MAIL_FORGET_JOB, startMailSender } from './modules/mail/mail.service';
import { NEWSLETTER_FORGET_JOB, newsletterService, startNewsletterJob } from './modules/newsletter/newsletter.service';
import { purgeExpiredSessions } from './middleware/session';
import { objectsService, UPLOAD_SWEEP_JOB } from './modules/objects/objects.service';

export interface RunningServer {
  server: Server;
  db: Db;
  events: EventBus;
  config: AppConfig;
  url: string;
  close: () => Promise<void>;
}

/**
 * Fills a freshly migrated database, e.g. with sample content when it is empty. The API knows no
 * content of its own: `npm start` (scripts/start.ts) hands it the sample content's seeder.
 */
export type Seeder = (db: Db) => Promise<unknown>;

export interface StartOptions {
  /** False for a cluster worker, whose primary migrated and seeded already. */
  prepare?: boolean;
  /** Run after migrating; none: the database is only migrated. */
  seed?: Seeder;
}

/**
 * Migrates the database and runs `seed` when given, on its own connection. `npm start` runs it
 * once, before any worker process exists, so workers never migrate or seed concurrently.
 */
export async function prepareDatabase(config: AppConfig, seed?: Seeder): Promise<void> {
  const db = createDb(config.database);
  try {
    await migrate(db, { uploadDir: config.uploadDir });
    if (seed) await seed(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The background jobs, each under a database lease (api/lib/job-lease.ts): every process tries
 * them at start and every HOUSEKEEPING_INTERVAL_MS, and the one holding a job's lease runs it, so
 * a job runs on one process at a time however many share the database. Each run is logged with
 * its holder. `stop()` waits for a run in progress and hands the leases back.
 */
function startHousekeeping(db: Db, config: AppConfig) {
  const leases = jobLeases(db);
  const objects = objectsService(db, config);
  const jobs: { name: string; run: () => Promise<string> }[] = [
    { name: 'session-purge', run: async () => `${await purgeExpiredSessions(db)} expired sessions deleted` },
    { name: 'idempotency-purge', run: async () => `${await purgeOldIdempotencyKeys(db)} old idempotency keys deleted` },
    {
      name: UPLOAD_SWEEP_JOB,
      run: async () => {
        const swept = await objects.sweepUnused();
        return `${swept.tickets} expired tickets and ${swept.objects} unused uploads deleted`;
      },
    },
    {
      name: MAIL_FORGET_JOB,
      run: async () => {
        const rows = await deleteFinishedMail(db, config.mailKeepDays);
        const files = await deleteOldMailFiles(config.mail.dir, config.mailKeepDays);
        return `${rows} messages sent or given up and ${files} mail files written over ${config.mailKeepDays} days ago deleted`;
      },
    },
    { name: NEWSLETTER_FORGET_JOB, run: async () => `${await newsletterService(db, config).forgetUnconfirmed()} unconfirmed newsletter addresses forgotten` },
  ];
  const tick = async () => {
    for (const job of jobs) {
      try {
        const ran = await leases.runExclusive(job.name, config.jobLeaseMs, job.run);
        if (ran) console.log(`[jobs] ${job.name} on ${leases.holder}: ${ran.result}`);
      } catch (err) {
        console.error(`[jobs] ${job.name} failed`, err);
      }
    }
  };
  let current: Promise<void> = tick();
  const timer = setInterval(() => {
    current = current.then(tick);
  }, config.housekeepingIntervalMs);
  timer.unref();
  return {
    started: current,
    stop: async () => {
      clearInterval(timer);
      await current;
      await leases.releaseAll().catch(() => undefined);
    },
  };
}

/**
 * Listens on `config.port`: migrates (and runs `opts.seed`) first unless `opts.prepare` is false
 * (a cluster worker, whose primary did it), then starts the background jobs. Used by `npm start`,
 * the e2e tests and the bench.
 */
export async function startServer(config: AppConfig = loadConfig(), opts: StartOptions = {}): Promise<RunningServer> {
  if (opts.prepare !== false) await prepareDatabase(config, opts.seed);
  const db = createDb(config.database);
  const housekeeping = startHousekeeping(db, config);
  await housekeeping.started;
  // Outgoing mail, under its own lease (docs/decisions/016-outgoing-mail.md).
  const mailSender = startMailSender(db, config);
  // Posts marked "Email subscribers when published", sent once readers may see them (docs/decisions/017-newsletter-double-opt-in.md).
  const newsletterJob = startNewsletterJob(db, config);

  const events = createEventBus(config.database, db);
  await events.ready;
  const app = createApp({ config, db, events });
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open event streams (live Q&A) never finish by themselves: end them, so their
        // connections go idle and close like the others.
        void events.close();
        // A keep-alive connection is closed as soon as its request has been answered, not after
        // its 65 s idle timeout: in-flight requests finish, and nothing waits on idle sockets.
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        server.once('close', () => clearInterval(idle));
      });
      await events.close();
      // The message in flight is finished and marked before the database closes.
      await newsletterJob.stop();
      await mailSender.stop();
      await housekeeping.stop();
      await db.destroy();
    })());
  return { server, db, events, config, url, close };
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
