import { afterEach, describe, expect, test } from 'vitest';
import { startTestApp, uniqueName, type TestApp } from '../support/test-app';

const SESSION_COOKIE = 'cik.sid';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Signs up over the test's plain-http connection and returns the session cookie's Set-Cookie line. */
async function signupCookie(headers: Record<string, string> = {}): Promise<string> {
  const username = uniqueName('secure');
  const res = await app!.client().post('/api/auth/signup', { username, email: `${username}@example.com`, password: 'Password1!' }, { headers });
  expect(res.status).toBe(201);
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie in ${res.headers.getSetCookie().join(' | ')}`);
  return line;
}

const isSecure = (line: string) => line.split(';').some((attr) => attr.trim().toLowerCase() === 'secure');

describe('the session cookie is Secure when the public origin is https', () => {
  test('when PUBLIC_URL is https (TLS ends at a proxy the app does not trust), then sign-up sets a Secure cookie', async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://example.org' } });
    const line = await signupCookie();
    expect(isSecure(line)).toBe(true);
    expect(line).toMatch(/httponly/i);
  });

  test('when a trusted proxy says X-Forwarded-Proto: https, then the cookie is Secure', async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    expect(isSecure(await signupCookie({ 'X-Forwarded-Proto': 'https' }))).toBe(true);
  });

  test('when plain http without an https PUBLIC_URL, then the cookie is not Secure (it would never come back)', async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    expect(isSecure(await signupCookie())).toBe(false);
  });

  test('when an untrusted client claims X-Forwarded-Proto: https, then it changes nothing', async () => {
    app = await startTestApp();
    expect(isSecure(await signupCookie({ 'X-Forwarded-Proto': 'https' }))).toBe(false);
  });

  test('when the cookie is Secure, then the same client still signs in and is recognised (the cookie is read as usual)', async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://example.org' } });
    const client = app.client();
    const username = uniqueName('secure');
    expect((await client.post('/api/auth/signup', { username, email: `${username}@example.com`, password: 'Password1!' })).status).toBe(201);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(username);
  });
});
