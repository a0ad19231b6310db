import crypto from 'node:crypto';
import path from 'node:path';
import { createDb } from '#api/db';
import type { DatabaseConfig } from '#api/config';
import { rolesService } from '#api/modules/users/roles.service';
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

/**
 * Signs up a new user on `serverUrl` and makes them an editor on its database, as an operator
 * does (`npm run editor -- grant`). Returns the username and the session's Cookie header.
 */
export async function editorSession(serverUrl: string, database: DatabaseConfig, prefix: string): Promise<{ username: string; cookie: string }> {
  const username = `${prefix}_${crypto.randomBytes(3).toString('hex')}`;
  const signup = await fetch(`${serverUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@bench.example`, password: 'Bench-password1' }),
  });
  if (signup.status !== 201) throw new Error(`bench: sign-up answered ${signup.status}`);
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const roles = createDb(database);
  try {
    await rolesService(roles).grantEditor(username);
  } finally {
    await roles.destroy();
  }
  return { username, cookie };
}
