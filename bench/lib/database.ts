// Throwaway databases for the bench: a SQLite file in the run's temp folder by default, or, when
// `npm run bench` gets DATABASE_URL=postgres://…, a new database on that server, dropped at the end.
import crypto from 'node:crypto';
import path from 'node:path';
import knexFactory from 'knex';
import { parseDatabaseUrl, type DatabaseConfig } from '#api/config';
import type { BenchContext, Dialect } from './context';

export type { Dialect };

export interface BenchDatabase {
  /** The DATABASE_URL to hand to the app server. */
  url: string;
  config: DatabaseConfig;
}

/** PostgreSQL when DATABASE_URL says so; anything else (unset, sqlite:…) runs on temp SQLite files. */
export function benchDialect(env: NodeJS.ProcessEnv = process.env): { dialect: Dialect; adminUrl: string | null } {
  const url = env.DATABASE_URL;
  if (url && parseDatabaseUrl(url).client === 'pg') return { dialect: 'pg', adminUrl: url };
  return { dialect: 'sqlite', adminUrl: null };
}

export async function createBenchDatabase(ctx: BenchContext, name: string): Promise<BenchDatabase> {
  if (ctx.dialect === 'sqlite' || !ctx.adminUrl) {
    const filename = path.join(ctx.tmpDir, `${name}.sqlite`);
    return { url: `sqlite:${filename}`, config: { client: 'sqlite', filename } };
  }
  const dbName = `cik_bench_${name.replace(/\W/g, '_')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: ctx.adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.destroy();
  }
  ctx.onCleanup(async () => {
    const again = knexFactory({ client: 'pg', connection: ctx.adminUrl!, pool: { min: 0, max: 1 } });
    try {
      await again.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    } finally {
      await again.destroy();
    }
  });
  const url = new URL(ctx.adminUrl);
  url.pathname = `/${dbName}`;
  return { url: url.toString(), config: { client: 'pg', connectionString: url.toString() } };
}
