import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/newsletter', () => {
  // The answer never tells whether an address was already on the list: anyone may post any address.
  const SUBSCRIBED = { message: "You've been subscribed to our newsletter." };

  test('when the email is valid, then it is stored once and 200 says subscribed', async () => {
    const res = await app.client().post('/api/newsletter', { email: 'Reader@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SUBSCRIBED);
    const rows = await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', ['reader@example.com']);
    expect(rows).toHaveLength(1);
  });

  test('when the same email subscribes again in any case, then the very same answer (status, headers, body) and still one row', async () => {
    const first = await app.client().post('/api/newsletter', { email: 'again@example.com' });
    const again = await app.client().post('/api/newsletter', { email: 'AGAIN@example.com' });
    expect([again.status, again.text]).toEqual([first.status, first.text]);
    expect(again.body).toEqual(SUBSCRIBED);
    const headersOf = (res: typeof first) => [...res.headers].filter(([name]) => !['date', 'set-cookie'].includes(name));
    expect(headersOf(again)).toEqual(headersOf(first));
    const rows = await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', ['again@example.com']);
    expect(rows).toHaveLength(1);
  });

  test.each([
    ['a malformed address', { email: 'not-an-email' }],
    ['an empty address', { email: '   ' }],
    ['no address', {}],
    ['a number', { email: 42 }],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, body) => {
    const before = await app.db('newsletter_subscriptions').count({ n: '*' }).first();
    const res = await app.client().post('/api/newsletter', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.issues).toBeInstanceOf(Array);
    const after = await app.db('newsletter_subscriptions').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  test('when the body is malformed JSON, then 400 JSON, not 500', async () => {
    const res = await app.client().post('/api/newsletter', undefined, { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/json/i);
  });

  test('when the body is not JSON, then 415', async () => {
    const res = await app.client().post('/api/newsletter', undefined, { raw: 'email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });

  test('when the body is huge, then 413', async () => {
    const res = await app.client().post('/api/newsletter', { email: 'x'.repeat(400_000) + '@example.com' });
    expect(res.status).toBe(413);
  });

  test('when another site posts, then 403 and nothing stored', async () => {
    const res = await app.client().post('/api/newsletter', { email: 'csrf@example.com' }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await app.db('newsletter_subscriptions').where({ email: 'csrf@example.com' })).toHaveLength(0);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back', async () => {
    const client = app.client();
    const headers = { 'Idempotency-Key': 'nl-key-1' };
    const first = await client.post('/api/newsletter', { email: 'idem@example.com' }, { headers });
    const second = await client.post('/api/newsletter', { email: 'idem@example.com' }, { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });
});

describe('unknown routes', () => {
  test('when an /api path does not exist, then 404 JSON', async () => {
    const res = await app.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  test('every response carries security headers', async () => {
    const res = await app.client().get('/api/nothing-here');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  test("scripts come from the site itself and the YouTube IFrame API only (the watch page's resumable player); frames from the privacy-enhanced player", async () => {
    const csp = (await app.client().get('/api/nothing-here')).headers.get('content-security-policy') ?? '';
    expect(csp.split(';').find((d) => d.startsWith('script-src'))).toBe("script-src 'self' https://www.youtube.com");
    expect(csp.split(';').find((d) => d.startsWith('frame-src'))).toBe('frame-src https://www.youtube-nocookie.com');
  });
});
