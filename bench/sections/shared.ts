import crypto from 'node:crypto';
import path from 'node:path';
import type { BenchContext } from '../lib/context';

/** The environment of an app server child: loopback, any free port, production mode, quiet. */
export function appServerEnv(ctx: BenchContext, databaseUrl: string, opts: { seed: boolean }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_REQUESTS: 'false',
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(ctx.tmpDir, 'uploads'),
    DIST_DIR: path.join(ctx.tmpDir, 'no-dist'),
    BENCH_SEED: opts.seed ? 'true' : 'false',
  };
}
