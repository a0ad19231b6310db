// A server of a test file's own, for journeys that must not share the global one: the offline
// journeys deploy a new build under a running tab (so they serve a copy of dist/ that only they
// change), and delete content other files expect. Same settings as global-setup.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#api/config';
import type { Db } from '#api/db';
import { hashPassword } from '#api/lib/password';
import { rolesService } from '#api/modules/users/roles.service';
import { usersRepo } from '#api/modules/users/users.repo';
import { startServer, type RunningServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';
import { PASSWORD } from './app';
import { copyOfDist } from './dist';

export interface OwnServer {
  url: string;
  running: RunningServer;
  /** The folder the server serves the PWA from (a copy of dist/: change it freely). */
  distDir: string;
  close: () => Promise<void>;
}

/**
 * Settings of a server for browser tests: 127.0.0.1 on a free port, a fresh SQLite file and
 * uploads folder under `dir`, and room for the journeys' many sign-ins. The editor is an account
 * (addEditorAccount), not a setting.
 */
export function e2eServerConfig(dir: string, distDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
    LOG_REQUESTS: 'false',
    AUTH_RATE_LIMIT: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: '100000',
    ANON_WRITE_RATE_LIMIT: '100000',
    USER_WRITE_RATE_LIMIT: '100000',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DIST_DIR: distDir,
    // Mail as .eml files in the test's folder unless `env` names an SMTP server (SMTP_URL).
    MAIL_DIR: path.join(dir, 'mail'),
    ...env,
  });
}

/**
 * The journeys' editor: 'editor' (editor@example.com, PASSWORD) signed up and granted the role the
 * way an operator does (`npm run editor -- grant editor` calls the same service). A journey that
 * signs up as 'editor' gets 409 and signs in instead. Another `username` makes another editor.
 */
export async function addEditorAccount(db: Db, username = 'editor'): Promise<void> {
  const users = usersRepo(db);
  if (!(await users.findByUsername(username))) {
    await users.create({ username, email: `${username}@example.com`, name: username, passwordHash: await hashPassword(PASSWORD) });
  }
  await rolesService(db).grantEditor(username);
}

/**
 * Starts the real server on 127.0.0.1 over a fresh seeded SQLite file, serving a copy of dist/.
 * `env`: settings of its own, such as SMTP_URL for a loopback SMTP sink (tests/support/smtp-sink.ts).
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-e2e-own-'));
  const distDir = path.join(dir, 'dist');
  let running: RunningServer;
  try {
    await copyOfDist(distDir);
    running = await startServer(e2eServerConfig(dir, distDir, env), { seed: seedIfEmpty });
    await addEditorAccount(running.db);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: running.url,
    running,
    distDir,
    close: async () => {
      await running.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
