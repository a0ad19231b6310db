import { describe, expect, test } from 'vitest';
import { insertLiveStream, insertVideo } from '../support/fixtures';
import { signUp, startTestApp, uniqueName, useTestApp, type ApiClient, type ApiResponse, type TestApp } from '../support/test-app';

// DESIGN "API rules": sign-in per address and per account; anonymous writes per address;
// signed-in writes per user; every refusal a 429 with Retry-After and {message}. The counters
// are in the database, so every process on it counts together.

const WRONG = { password: 'Wrong-password1' };

function expectRefused(res: ApiResponse, what: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/json/);
  expect(res.body.message).toMatch(what);
  expect(res.body.message).toMatch(/please try again in \d+ (second|minute)s?\./i);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
}

/** Rows of the counters table whose key starts with `prefix:`. */
async function counters(app: TestApp, prefix: string) {
  const rows = (await app.db('rate_limits').where('key', 'like', `${prefix}:%`).select('key', 'points')) as { key: string; points: number }[];
  return Object.fromEntries(rows.map((r) => [r.key.slice(prefix.length + 1), Number(r.points)]));
}

async function rowCount(app: TestApp, table: string, where: Record<string, unknown>): Promise<number> {
  const [row] = (await app.db(table).where(where).count({ n: '*' })) as { n: number | string }[];
  return Number(row?.n);
}

describe('POST /api/auth/login on two app instances over one database', () => {
  const a = useTestApp({ env: { AUTH_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
  const b = useTestApp({ env: { AUTH_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '1000' }, sameDatabaseAs: a });

  test('when attempts are spread over both, then they count together: the fourth is refused on either', async () => {
    expect((await a.client().post('/api/auth/login', { username: 'nobody', ...WRONG })).status).toBe(401);
    expect((await b.client().post('/api/auth/login', { username: 'nobody', ...WRONG })).status).toBe(401);
    expect((await a.client().post('/api/auth/login', { username: 'nobody', ...WRONG })).status).toBe(401);
    expectRefused(await b.client().post('/api/auth/login', { username: 'nobody', ...WRONG }), /too many sign-in attempts/i);
    expectRefused(await a.client().post('/api/auth/signup', { username: uniqueName(), email: 'x@example.com', password: 'Password1!' }), /too many sign-up attempts/i);
  });
});

describe('the counted address and TRUST_PROXY', () => {
  test('when TRUST_PROXY=0, then X-Forwarded-For is ignored: a new one per request still counts as the socket address', async () => {
    const app = await startTestApp({ env: { TRUST_PROXY: '0', AUTH_RATE_LIMIT: '3' } });
    try {
      const client = app.client();
      for (let i = 1; i <= 3; i += 1) {
        const res = await client.post('/api/auth/login', { username: `nobody${i}`, ...WRONG }, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
        expect(res.status).toBe(401);
      }
      expectRefused(await client.post('/api/auth/login', { username: 'nobody4', ...WRONG }, { headers: { 'X-Forwarded-For': '198.51.100.4' } }), /sign-in/i);
      const seen = await counters(app, 'auth-ip');
      expect(Object.keys(seen)).toHaveLength(1);
      expect(Object.keys(seen)[0]).toMatch(/127\.0\.0\.1$/);
    } finally {
      await app.close();
    }
  });

  test.each(['1', 'true'])('when TRUST_PROXY=%s, then only the last hop counts: an address the client prepends is ignored', async (trust) => {
    const app = await startTestApp({ env: { TRUST_PROXY: trust, AUTH_RATE_LIMIT: '3' } });
    try {
      const client = app.client();
      const via = (spoofed: string, real: string) => ({ headers: { 'X-Forwarded-For': `${spoofed}, ${real}` } });
      for (let i = 1; i <= 3; i += 1) {
        expect((await client.post('/api/auth/login', { username: 'nobody', ...WRONG }, via(`10.0.0.${i}`, '203.0.113.7'))).status).toBe(401);
      }
      expectRefused(await client.post('/api/auth/login', { username: 'nobody', ...WRONG }, via('10.0.0.99', '203.0.113.7')), /sign-in/i);
      // Another client behind the same proxy has its own counter.
      expect((await client.post('/api/auth/login', { username: 'nobody', ...WRONG }, via('203.0.113.7', '203.0.113.8'))).status).toBe(401);
      expect(await counters(app, 'auth-ip')).toEqual({ '203.0.113.7': 4, '203.0.113.8': 1 });
    } finally {
      await app.close();
    }
  });

  test('when TRUST_PROXY is not a hop count, then the settings are refused at boot', async () => {
    await expect(startTestApp({ env: { TRUST_PROXY: 'yes' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('limits per account, address and user', () => {
  const app = useTestApp({
    env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT: '100', LOGIN_ACCOUNT_RATE_LIMIT: '3', ANON_WRITE_RATE_LIMIT: '3', USER_WRITE_RATE_LIMIT: '3' },
  });

  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

  test('when one account fails to sign in from many addresses, then it is refused, in any letter case and even with the right password; other accounts are not', async () => {
    const owner = app.client();
    const user = await signUp(owner, uniqueName('acct'));
    const attacker = app.client();
    for (let i = 1; i <= 3; i += 1) {
      const name = i === 2 ? user.username.toUpperCase() : ` ${user.username} `;
      expect((await attacker.post('/api/auth/login', { username: name, ...WRONG }, from(`192.0.2.${i}`))).status).toBe(401);
    }
    expectRefused(await attacker.post('/api/auth/login', { username: user.username, ...WRONG }, from('192.0.2.50')), /too many sign-in attempts/i);
    expectRefused(await app.client().post('/api/auth/login', { username: user.username, password: 'Password1!' }, from('192.0.2.60')), /sign-in/i);
    expect((await app.client().post('/api/auth/login', { username: 'someone_else', ...WRONG }, from('192.0.2.50'))).status).toBe(401);
  });

  test('when a session guesses its account password (change password or email, delete), then failures count per user and the fourth is refused; right answers do not count', async () => {
    const client = app.client();
    const user = await signUp(client, uniqueName('guess'));
    // Right answers first: they are handed back, so they use up nothing.
    for (let i = 0; i < 3; i += 1) {
      expect((await client.request('PUT', `/api/users/${user.id}/password`, { currentPassword: 'Password1!', newPassword: 'Password1!' })).status).toBe(204);
    }
    expect((await client.request('PUT', `/api/users/${user.id}/password`, { currentPassword: 'Wrong-1', newPassword: 'Another-password1' })).status).toBe(400);
    expect((await client.request('PUT', `/api/users/${user.id}/email`, { email: `${user.username}-2@example.com`, password: 'Wrong-2' })).status).toBe(400);
    expect((await client.request('DELETE', `/api/users/${user.id}`, { password: 'Wrong-3' })).status).toBe(400);
    expectRefused(await client.request('PUT', `/api/users/${user.id}/password`, { currentPassword: 'Password1!', newPassword: 'Another-password1' }, from('192.0.2.80')), /too many password attempts/i);
    expectRefused(await client.request('DELETE', `/api/users/${user.id}`, { password: 'Password1!' }), /password attempts/i);
    // Another user on the same address is not limited.
    const other = app.client();
    const second = await signUp(other, uniqueName('other'));
    expect((await other.request('PUT', `/api/users/${second.id}/password`, { currentPassword: 'Wrong-1', newPassword: 'Another-password1' })).status).toBe(400);
  });

  test('when an account signs in successfully again and again, then those sign-ins do not use up its limit', async () => {
    const user = await signUp(app.client(), uniqueName('often'));
    for (let i = 0; i < 5; i += 1) {
      expect((await app.client().post('/api/auth/login', { username: user.username, password: 'Password1!' }, from('192.0.2.70'))).status).toBe(200);
    }
  });

  test('when one address makes more anonymous writes than allowed, then 429 on any of them; another address still writes', async () => {
    const streamId = await insertLiveStream(app.db, {});
    const videoId = await insertVideo(app.db, {});
    const client = app.client();
    expect((await client.post('/api/questions', { liveStreamId: streamId, askedBy: 'Ann', question: 'Why?' }, from('198.51.100.20'))).status).toBe(201);
    expect((await client.post('/api/newsletter', { email: `${uniqueName('n')}@example.com` }, from('198.51.100.20'))).status).toBeLessThan(300);
    expect((await client.post(`/api/videos/${videoId}/views`, undefined, from('198.51.100.20'))).status).toBe(200);
    expectRefused(await client.post('/api/questions', { liveStreamId: streamId, askedBy: 'Ann', question: 'Again?' }, from('198.51.100.20')), /too many requests/i);
    expectRefused(await client.post(`/api/VIDEOS/${videoId}/views/`, undefined, from('198.51.100.20')), /too many requests/i);
    expect((await client.post('/api/questions', { liveStreamId: streamId, askedBy: 'Bo', question: 'How?' }, from('198.51.100.21'))).status).toBe(201);
    expect(await rowCount(app, 'live_questions', { live_stream_id: streamId })).toBe(2);
  });

  test('when one user makes more signed-in writes than allowed, then 429 from any address; another user on the same address still writes', async () => {
    const videoId = await insertVideo(app.db, {});
    const comment = (client: ApiClient, userId: number, address: string) =>
      client.post('/api/comments', { userId, contentType: 'video', contentId: videoId, comment: 'Amen' }, from(address));
    const alice = app.client();
    const aliceUser = await signUp(alice, uniqueName('alice'));
    expect((await comment(alice, aliceUser.id, '198.51.100.30')).status).toBe(201);
    expect((await alice.post('/api/objects/upload', undefined, from('198.51.100.30'))).status).toBe(201);
    expect((await comment(alice, aliceUser.id, '198.51.100.31')).status).toBe(201);
    expectRefused(await comment(alice, aliceUser.id, '198.51.100.32'), /too many requests/i);
    expectRefused(await alice.post('/api/objects/upload', undefined, from('198.51.100.33')), /too many requests/i);
    expectRefused(await alice.post('/api/bookmark-categories', { userId: aliceUser.id, name: 'One more folder' }, from('198.51.100.34')), /too many requests/i);
    expect(await rowCount(app, 'bookmark_folders', { user_id: aliceUser.id })).toBe(0);

    const bob = app.client();
    const bobUser = await signUp(bob, uniqueName('bob'));
    expect((await comment(bob, bobUser.id, '198.51.100.30')).status).toBe(201);
    expect(await rowCount(app, 'comments', { content_id: videoId })).toBe(3);
  });

  test('when a user reports comments, then each report counts against their signed-in writes like a comment', async () => {
    const videoId = await insertVideo(app.db, {});
    const commentBy = async (client: ApiClient, userId: number) =>
      (await client.post('/api/comments', { userId, contentType: 'video', contentId: videoId, comment: 'Amen' }, from('198.51.100.40'))).body.id as number;
    const dan = app.client();
    const danUser = await signUp(dan, uniqueName('dan'));
    const erin = app.client();
    const erinUser = await signUp(erin, uniqueName('erin'));
    const [first, second, third] = [await commentBy(dan, danUser.id), await commentBy(dan, danUser.id), await commentBy(erin, erinUser.id)];

    const carol = app.client();
    const carolUser = await signUp(carol, uniqueName('carol'));
    expect((await carol.post(`/api/comments/${first}/report`, { reason: 'Spam' }, from('198.51.100.41'))).status).toBe(201);
    expect((await carol.post(`/api/comments/${second}/REPORT/`, {}, from('198.51.100.42'))).status).toBe(201);
    expect((await carol.post('/api/comments', { userId: carolUser.id, contentType: 'video', contentId: videoId, comment: 'Amen' }, from('198.51.100.43'))).status).toBe(201);
    expectRefused(await carol.post(`/api/comments/${third}/report`, {}, from('198.51.100.44')), /too many requests/i);
    expect(await rowCount(app, 'comment_reports', { comment_id: third })).toBe(0);

    // Another reader's reports are their own count.
    expect((await erin.post(`/api/comments/${first}/report`, {}, from('198.51.100.41'))).status).toBe(201);
  });
});

describe('counting beside keyed writes', () => {
  test('when sign-ins and Idempotency-Key writes run at once, then every call is answered (no 500, no wait on the transaction)', async () => {
    const app = await startTestApp();
    try {
      const videoId = await insertVideo(app.db, {});
      const writer = app.client();
      const user = await signUp(writer, uniqueName('busy'));
      const calls: Promise<ApiResponse>[] = [];
      for (let i = 0; i < 20; i += 1) {
        calls.push(
          writer.post('/api/comments', { userId: user.id, contentType: 'video', contentId: videoId, comment: `Amen ${i}` }, { headers: { 'Idempotency-Key': `busy-${i}` } }),
          app.client().post('/api/auth/login', { username: `nobody${i}`, ...WRONG }, { headers: { 'Idempotency-Key': `login-${i}` } }),
        );
      }
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    } finally {
      await app.close();
    }
  });
});
