import { beforeAll, describe, expect, test } from 'vitest';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';

const SESSION_COOKIE = 'cik.sid';
const PASSWORD = 'Password1!';
const DAY_MS = 24 * 60 * 60 * 1000;

const app = useTestApp();
/** Every response that carries a user, checked at the end for anything password-like. */
const userResponses: string[] = [];

function signupBody(username = uniqueName(), extra: Record<string, unknown> = {}) {
  return { username, email: `${username.toLowerCase()}@example.com`, password: PASSWORD, ...extra };
}

/** The session cookie's Set-Cookie line (not its .sig companion). */
function sessionSetCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie in ${headers.getSetCookie().join(' | ')}`);
  return line;
}

function cookieLifetimeMs(line: string): number | null {
  const maxAge = /;\s*max-age=(\d+)/i.exec(line);
  if (maxAge) return Number(maxAge[1]) * 1000;
  const expires = /;\s*expires=([^;]+)/i.exec(line);
  return expires ? new Date(expires[1]!).getTime() - Date.now() : null;
}

async function me(client: ApiClient) {
  const res = await client.get('/api/auth/me');
  if (res.status === 200) userResponses.push(res.text);
  return res;
}

describe('POST /api/auth/signup', () => {
  test('when the input is valid, then 201 with the user (email, no hash) and a session that /api/auth/me sees', async () => {
    const client = app.client();
    const body = signupBody(uniqueName('Alice'), { name: '  Alice Doe ' });
    const res = await client.post('/api/auth/signup', body);
    userResponses.push(res.text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: body.username, email: body.email, name: 'Alice Doe', isEditor: false, avatarUrl: null, bio: null, website: null, socialLinks: null });
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password_hash');
    const session = await me(client);
    expect(session.status).toBe(200);
    expect(session.body).toEqual(res.body);
    expect(session.headers.get('cache-control')).toBe('no-store');
  });

  test('when no name is given, then the username is the name', async () => {
    const body = signupBody();
    const res = await app.client().post('/api/auth/signup', body);
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(body.username);
  });

  test('when the password has spaces around it, then they are part of it: only that password signs in', async () => {
    const body = signupBody(uniqueName(), { password: '  spaced out  ' });
    expect((await app.client().post('/api/auth/signup', body)).status).toBe(201);
    expect((await app.client().post('/api/auth/login', { username: body.username, password: '  spaced out  ' })).status).toBe(200);
    expect((await app.client().post('/api/auth/login', { username: body.username, password: 'spaced out' })).status).toBe(401);
  });

  test('when the password is stored, then it is a salted scrypt hash, never the password', async () => {
    const body = signupBody();
    await app.client().post('/api/auth/signup', body);
    const row = await app.db('users').where({ username: body.username }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  test('when the username is one that once named editors (EDITOR_USERNAMES, any case), then it is still not an editor', async () => {
    const res = await app.client().post('/api/auth/signup', signupBody('EDITOR'));
    expect(res.status).toBe(201);
    expect(res.body.isEditor).toBe(false);
  });

  test.each([
    ['no username', { username: undefined }, /username/i],
    ['no email', { email: undefined }, /email/i],
    ['no password', { password: undefined }, /password/i],
    ['a blank username', { username: '    ' }, /Username must be 3-20 characters/],
    ['a username of 2 characters', { username: 'ab' }, /Username must be 3-20 characters/],
    ['a username of 21 characters', { username: 'a'.repeat(21) }, /Username must be 3-20 characters/],
    ['a username with a space', { username: 'bad name' }, /letters, numbers and underscores/],
    ['a username with a hyphen', { username: 'bad-name' }, /letters, numbers and underscores/],
    ['a username with an accent', { username: 'josé_1' }, /letters, numbers and underscores/],
    ['a malformed email', { email: 'not-an-email' }, /valid email/],
    ['an email without a domain dot', { email: 'a@b' }, /valid email/],
    ['a password of 7 characters', { password: 'Short1!' }, /at least 8/],
    ['a password of 8 spaces', { password: '        ' }, /^password: Password cannot be blank$/],
    ['a password of tabs, newlines and no-break spaces', { password: '\t\n\u00a0  \u00a0\t\n' }, /Password cannot be blank/],
    ['a numeric username', { username: 12345 }, /username/i],
    ['a numeric password', { password: 12345678 }, /password/i],
    ['an email as an array', { email: ['a@example.com'] }, /email/i],
    ['remember as a string', { remember: 'yes' }, /remember/i],
    ['a name over 80 characters', { name: 'n'.repeat(81) }, /Name must be at most 80/],
  ])('when given %s, then 400 with a message and no account', async (_label, patch, message) => {
    const body: Record<string, unknown> = { ...signupBody(), ...patch };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const client = app.client();
    const res = await client.post('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.issues).toBeInstanceOf(Array);
    expect(res.headers.getSetCookie().some((l) => l.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    if (typeof body.username === 'string') expect(await app.db('users').whereRaw('lower(username) = lower(?)', [body.username.trim()])).toHaveLength(0);
  });

  test.each([
    ['an empty body', undefined],
    ['a JSON array', []],
    ['a JSON string', 'alice'],
    ['null', null],
  ])('when the body is %s, then 400, not 500', async (_label, body) => {
    const res = await app.client().post('/api/auth/signup', undefined, { raw: body === undefined ? '' : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  test('when the username is taken in another case, then 409 "That username is already taken."', async () => {
    const name = uniqueName('Taken');
    await signUp(app.client(), name);
    const res = await app.client().post('/api/auth/signup', signupBody(name.toUpperCase(), { email: `other_${name}@example.com` }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('That username is already taken.');
    expect(await app.db('users').whereRaw('lower(username) = lower(?)', [name])).toHaveLength(1);
  });

  test('when the email is taken in another case, then 409 "An account with that email already exists."', async () => {
    const first = signupBody();
    await app.client().post('/api/auth/signup', first);
    const res = await app.client().post('/api/auth/signup', signupBody(uniqueName(), { email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with that email already exists.');
  });

  test('when two sign-ups race for one username, then one wins and the other gets 409, never 500', async () => {
    const name = uniqueName('race');
    const results = await Promise.all([
      app.client().post('/api/auth/signup', signupBody(name, { email: `a_${name}@example.com` })),
      app.client().post('/api/auth/signup', signupBody(name.toUpperCase(), { email: `b_${name}@example.com` })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  test('when another site posts, then 403 and no account', async () => {
    const body = signupBody();
    const res = await app.client().post('/api/auth/signup', body, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await app.db('users').where({ username: body.username })).toHaveLength(0);
  });
});

describe('POST /api/users', () => {
  test('when given a signup payload, then it behaves as signup: 201, the user, a session', async () => {
    const client = app.client();
    const body = signupBody();
    const res = await client.post('/api/users', body);
    userResponses.push(res.text);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: body.username, email: body.email });
    expect((await me(client)).body.id).toBe(res.body.id);
  });

  test('when the input is bad, then 400 as for signup', async () => {
    const res = await app.client().post('/api/users', signupBody('x'));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Username must be 3-20 characters/);
  });

  test('when the username is taken, then 409', async () => {
    const name = uniqueName();
    await signUp(app.client(), name);
    const res = await app.client().post('/api/users', signupBody(name, { email: `x_${name}@example.com` }));
    expect(res.status).toBe(409);
  });
});

describe('POST /api/auth/login', () => {
  let username: string;
  beforeAll(async () => {
    username = uniqueName('Login');
    await signUp(app.client(), username);
  });

  test('when the password is right (username in any case), then 200 with the user and a session', async () => {
    const client = app.client();
    const res = await client.post('/api/auth/login', { username: username.toUpperCase(), password: PASSWORD });
    userResponses.push(res.text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username, email: `${username.toLowerCase()}@example.com` });
    expect((await me(client)).body.username).toBe(username);
  });

  test.each([
    ['the password is wrong', () => ({ username, password: 'Wrong-password1' })],
    ['the password differs only in case', () => ({ username, password: PASSWORD.toUpperCase() })],
    ['the user does not exist', () => ({ username: 'nobody_here_at_all', password: PASSWORD })],
  ])('when %s, then 401 "Invalid username or password." and no session', async (_label, body) => {
    const client = app.client();
    const res = await client.post('/api/auth/login', body());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid username or password.');
    expect((await me(client)).status).toBe(401);
  });

  test.each([
    ['no username', { password: PASSWORD }],
    ['no password', { username: 'someone' }],
    ['an empty password', { username: 'someone', password: '' }],
    ['a numeric password', { username: 'someone', password: 12345678 }],
  ])('when given %s, then 400 with a message', async (_label, body) => {
    const res = await app.client().post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  test('when remember is left out, then the cookie lasts about 30 days, httpOnly and SameSite=Lax', async () => {
    const res = await app.client().post('/api/auth/login', { username, password: PASSWORD });
    const line = sessionSetCookie(res.headers);
    const lifetime = cookieLifetimeMs(line);
    expect(lifetime).not.toBeNull();
    expect(lifetime!).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime!).toBeLessThanOrEqual(30 * DAY_MS + 1000);
    expect(line).toMatch(/httponly/i);
    expect(line).toMatch(/samesite=lax/i);
  });

  test('when remember is false, then the cookie is a browser-session cookie (no Expires, no Max-Age)', async () => {
    const client = app.client();
    const res = await client.post('/api/auth/login', { username, password: PASSWORD, remember: false });
    expect(res.status).toBe(200);
    expect(cookieLifetimeMs(sessionSetCookie(res.headers))).toBeNull();
    const again = await me(client);
    expect(again.status).toBe(200);
    const renewed = again.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
    if (renewed) expect(cookieLifetimeMs(renewed)).toBeNull();
  });

  test('when signup sends remember: false, then its cookie is a browser-session cookie too', async () => {
    const res = await app.client().post('/api/auth/signup', signupBody(uniqueName(), { remember: false }));
    expect(res.status).toBe(201);
    expect(cookieLifetimeMs(sessionSetCookie(res.headers))).toBeNull();
  });

  test('when signing in, then the session id is a new one (no fixation)', async () => {
    const client = app.client();
    await client.post('/api/auth/login', { username, password: PASSWORD });
    const first = client.getCookie(SESSION_COOKIE);
    await client.post('/api/auth/login', { username, password: PASSWORD });
    expect(client.getCookie(SESSION_COOKIE)).not.toBe(first);
    expect(await app.db('sessions').where({ id: first })).toHaveLength(0);
  });
});

describe('POST /api/auth/logout', () => {
  test('when signed in, then 200, the session row is gone and the old cookie no longer works', async () => {
    const client = app.client();
    await signUp(client);
    const sid = client.getCookie(SESSION_COOKIE)!;
    const sig = client.getCookie(`${SESSION_COOKIE}.sig`)!;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("You've been successfully logged out.");
    expect((await me(client)).status).toBe(401);
    expect(await app.db('sessions').where({ id: sid })).toHaveLength(0);
    const replay = app.client();
    replay.setCookie(SESSION_COOKIE, sid);
    replay.setCookie(`${SESSION_COOKIE}.sig`, sig);
    expect((await me(replay)).status).toBe(401);
  });

  test('when signed out, then it is harmless: 200', async () => {
    const res = await app.client().post('/api/auth/logout');
    expect(res.status).toBe(200);
  });

  test('when sent with a JSON content type and an empty object, then 200', async () => {
    const res = await app.client().post('/api/auth/logout', {});
    expect(res.status).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  test('when signed out, then 401 JSON', async () => {
    const res = await app.client().get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  test.each([
    ['the session id is changed', (sid: string, sig: string) => [`${sid.slice(0, -2)}xx`, sig]],
    ['the signature is changed', (sid: string, sig: string) => [sid, `${sig.slice(0, -2)}xx`]],
    ['the signature is dropped', (sid: string) => [sid, undefined]],
  ])('when %s, then it is no session: 401', async (_label, tamper) => {
    const client = app.client();
    await signUp(client);
    expect((await me(client)).status).toBe(200);
    const [sid, sig] = tamper(client.getCookie(SESSION_COOKIE)!, client.getCookie(`${SESSION_COOKIE}.sig`)!);
    const forged = app.client();
    forged.setCookie(SESSION_COOKIE, sid!);
    if (sig) forged.setCookie(`${SESSION_COOKIE}.sig`, sig);
    expect((await me(forged)).status).toBe(401);
  });

  test('when the user row is gone, then 401 "session has ended"', async () => {
    const client = app.client();
    const user = await signUp(client);
    await app.db('users').where({ id: user.id }).delete();
    const res = await me(client);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/session has ended/i);
  });
});

describe('rate limiting of sign-in and sign-up', () => {
  const limited = useTestApp({ env: { AUTH_RATE_LIMIT: '3' } });

  test('when a client goes past AUTH_RATE_LIMIT attempts, then 429 JSON {message} with Retry-After, for login and signup alike', async () => {
    const client = limited.client();
    for (let i = 0; i < 3; i += 1) {
      const res = await client.post('/api/auth/login', { username: 'nobody', password: 'Wrong-password1' });
      expect(res.status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { username: 'nobody', password: 'Wrong-password1' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/json/);
    expect(blocked.body.message).toMatch(/too many sign-in attempts\. please try again in \d+ minutes?\./i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const signup = await client.post('/api/auth/signup', signupBody());
    expect(signup.status).toBe(429);
    expect(signup.body.message).toBeTruthy();
  });
});

describe('password hashes', () => {
  test('when any call answers with a user, then no password or hash is in it', async () => {
    const client = app.client();
    const user = await signUp(client);
    userResponses.push((await client.get(`/api/users/${user.id}`)).text);
    userResponses.push((await client.put(`/api/users/${user.id}/profile`, { bio: 'hello' })).text);
    expect(userResponses.length).toBeGreaterThan(5);
    for (const text of userResponses) {
      expect(text).not.toContain('scrypt$');
      expect(text.toLowerCase()).not.toContain('password');
    }
  });
});
