import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from './config';
import { sqliteClient } from './sqlite-client';
import { migrationSource, migrationSourceFor, type MigrationOptions } from './migrations/index';

export type Db = Knex;

export function knexConfig(database: DatabaseConfig): Knex.Config {
  if (database.client === 'pg') {
    return {
      client: 'pg',
      connection: database.connectionString,
      pool: { min: 0, max: 10 },
      migrations: { migrationSource, tableName: 'knex_migrations' },
    };
  }
  return {
    // The sqlite3 driver, with transactions that take the write lock as they begin (see sqlite-client.ts).
    client: sqliteClient,
    connection: { filename: database.filename },
    useNullAsDefault: true,
    // One connection: SQLite allows one writer; WAL lets readers run beside it.
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { run: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) {
        const pragmas = ['PRAGMA journal_mode = WAL', 'PRAGMA busy_timeout = 5000', 'PRAGMA foreign_keys = ON', 'PRAGMA synchronous = NORMAL'];
        const next = (i: number): void => {
          if (i === pragmas.length) return done(null, conn);
          conn.run(pragmas[i]!, (err) => (err ? done(err, conn) : next(i + 1)));
        };
        next(0);
      },
    },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
}

/** The one Knex instance of a process. SQLite files get their folder created first. */
export function createDb(database: DatabaseConfig): Db {
  if (database.client === 'sqlite' && database.filename !== ':memory:') {
    fs.mkdirSync(path.dirname(database.filename), { recursive: true });
  }
  return knexFactory(knexConfig(database));
}

export function isPostgres(db: Db): boolean {
  return db.client.config.client === 'pg';
}

/**
 * Applies pending migrations. `opts.uploadDir` is the folder migration 005 copies old upload files
 * from (default: UPLOAD_DIR). Hosts started together on one database take knex's migration lock
 * in turn: one that finds it taken waits for the other (up to a minute) instead of failing to start.
 */
export async function migrate(db: Db, opts?: MigrationOptions): Promise<void> {
  const config = opts ? { migrationSource: migrationSourceFor(opts) } : undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.migrate.latest(config);
      return;
    } catch (err) {
      if ((err as Error).name !== 'MigrationLocked' || attempt >= 120) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
