import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { DatabaseConfig } from '#api/config';
import { createDb, migrate, type Db } from '#api/db';

export type TestDialect = 'sqlite' | 'pg';

/** Which database the API suite runs on: `TEST_DB=pg` (with TEST_DATABASE_URL) or SQLite. */
export function testDialect(): TestDialect {
  return process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite';
}

/** The DATABASE_URL that `npm start` (and `npm run editor`) reads for this database. */
export function databaseUrlOf(database: DatabaseConfig): string {
  return database.client === 'pg' ? database.connectionString : `sqlite:${database.filename}`;
}

export interface TestDatabase {
  db: Db;
  database: DatabaseConfig;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or a new
 * PostgreSQL database created through TEST_DATABASE_URL and dropped afterwards.
 * `{ migrated: false }` leaves it empty (for a test of a migration itself).
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = opts.migrated !== false;
  if (testDialect() === 'pg') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL (an admin connection to a PostgreSQL server)');
    const name = `cik_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database: DatabaseConfig = { client: 'pg', connectionString: url.toString() };
    const db = createDb(database);
    if (migrated) await migrate(db);
    return {
      db,
      database,
      drop: async () => {
        await db.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-test-'));
  const database: DatabaseConfig = { client: 'sqlite', filename: path.join(dir, 'test.sqlite') };
  const db = createDb(database);
  if (migrated) await migrate(db);
  return {
    db,
    database,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
