// Nobody becomes an editor by signing up (docs/decisions/008-roles-are-data.md). Roles are data,
// granted and revoked only by `npm run editor` where the server runs, on its database; the running
// server reads the role on every request, so a change counts from the user's next request without a
// restart or a new sign-in.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { HttpClient, Host } from '../support/server-process';
import { testDialect } from '../support/test-db';
import { startTestApp, type TestApp } from '../support/test-app';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

const PASSWORD = 'Password1!';
const post = () => ({ title: `By a new editor ${crypto.randomUUID()}`, content: 'Some words.', excerpt: 'Short.', category: 'apologetics', readTime: 3, substackUrl: '', isExternal: false });

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run editor -- …args` as an operator runs it, on the given database. */
function editor(args: string[], databaseUrl: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'editor', '--', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('sign-up never makes an editor', () => {
  let app: TestApp;
  afterEach(async () => {
    await app.close();
    vi.restoreAllMocks();
  });

  test('when EDITOR_USERNAMES is still set (an old .env), then a sign-up under a listed name, in any case, is not an editor, and the server says the setting is gone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    app = await startTestApp({ env: { EDITOR_USERNAMES: 'editor,pastor_john' } });
    expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/EDITOR_USERNAMES is no longer read.*npm run editor -- grant/);
    for (const username of ['EdItOr', 'PASTOR_JOHN']) {
      const client = app.client();
      const res = await client.post('/api/auth/signup', { username, email: `${username.toLowerCase()}@example.com`, password: PASSWORD });
      expect(res.status).toBe(201);
      expect(res.body.isEditor).toBe(false);
      expect((await client.get('/api/auth/me')).body.isEditor).toBe(false);
      expect((await client.post('/api/blog/create', post())).status).toBe(403);
    }
    expect(await app.db('users').where({ role: 'editor' })).toEqual([]);
  });
});

// Each test runs `npm run editor` (npm, then tsx) up to six times: seconds each on a busy 2-core
// machine, so the tests get the time that takes rather than the 20 s default.
describe(`npm run editor against a running server (${testDialect()})`, { timeout: 120_000 }, () => {
  let running: ServerOnTestDatabase<[Host]> | undefined;
  let dir: string;
  let databaseUrl: string;
  let client: HttpClient;

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ name: 'editor', startTimeoutMs: 90_000 });
    ({ dir, databaseUrl } = running);
    client = running.hosts[0].client;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  test('grant, list and revoke take effect on the signed-in user\'s next request, without a restart or a new sign-in', async () => {
    const username = `Grace_${crypto.randomBytes(3).toString('hex')}`;
    const email = `${username.toLowerCase()}@example.com`;
    const signup = await client.request('POST', '/api/auth/signup', { body: { username, email, password: PASSWORD } });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.json.isEditor).toBe(false);
    const cookie = client.cookies.get('cik.sid');
    expect((await client.request('POST', '/api/blog/create', { body: post() })).status).toBe(403);

    expect((await editor(['list'], databaseUrl)).stdout).toMatch(/No editors yet/);

    const before = Date.now() - 1000;
    const granted = await editor(['grant', username.toUpperCase()], databaseUrl);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${username} (${email}) is now an editor`);

    const created = await client.request('POST', '/api/blog/create', { body: post() });
    expect(created.status, created.text).toBe(201);
    expect((await client.request('GET', '/api/auth/me')).json.isEditor).toBe(true);
    expect(client.cookies.get('cik.sid')).toBe(cookie);

    const again = await editor(['grant', username], databaseUrl);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/is already an editor, since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);

    const list = await editor(['list'], databaseUrl);
    expect(list.code, list.stderr).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^username\s+email\s+editor since$/);
    expect(lines).toHaveLength(2);
    const [name, shownEmail, day, time] = lines[1]!.trim().split(/\s+/);
    expect([name, shownEmail]).toEqual([username, email]);
    const since = Date.parse(`${day}T${time}Z`);
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(Date.now());

    const revoked = await editor(['revoke', username], databaseUrl);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toContain(`${username} is no longer an editor`);
    const refused = await client.request('POST', '/api/blog/create', { body: post() });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBeTruthy();
    expect((await client.request('GET', '/api/auth/me')).json.isEditor).toBe(false);
    expect((await editor(['list'], databaseUrl)).stdout).toMatch(/No editors yet/);
  });

  test('an unknown user is a clear message and exit code 1; nobody becomes an editor', async () => {
    const res = await editor(['grant', 'nobody_signed_up'], databaseUrl);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No user named "nobody_signed_up"');
    expect((await editor(['revoke', 'nobody_signed_up'], databaseUrl)).code).toBe(1);
    expect((await editor(['list'], databaseUrl)).stdout).toMatch(/No editors yet/);
  });

  test.each([[[]], [['grant']], [['grant', 'a', 'b']], [['promote', 'someone']], [['list', 'extra']]])('wrong usage %j is exit code 2 with the usage', async (args) => {
    const res = await editor(args, databaseUrl);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('npm run editor -- grant <username>');
    expect(res.stdout).toBe('');
  });

  test('a SQLite path with no database (not the server\'s) is exit code 1, and creates nothing', async () => {
    const missing = path.join(dir, 'elsewhere', 'app.sqlite');
    const res = await editor(['list'], `sqlite:${missing}`);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`No database at ${missing}`);
    expect(fs.existsSync(missing)).toBe(false);
  });
});
