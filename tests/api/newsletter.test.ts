import { describe, expect, test } from 'vitest';
import { editorClient } from '../support/fixtures';
import { signUp, uniqueName, useTestApp } from '../support/test-app';

const app = useTestApp();

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

describe('GET /api/newsletter/subscribers (the editor\'s desk)', () => {
  /**
   * Three confirmed addresses with known dates (one that a spreadsheet would read as a formula), so
   * each test knows its rows, and one never confirmed, which is nobody's subscriber yet.
   */
  async function subscribed() {
    const tag = uniqueName('s').toLowerCase();
    const rows = [
      { email: `${tag}-old@example.com`, created_at: '2026-01-01T08:00:00.000Z' },
      { email: `${tag}-new@example.com`, created_at: '2026-03-01T08:00:00.000Z' },
      { email: `=cmd-${tag}@example.com`, created_at: '2026-02-01T08:00:00.000Z' },
    ];
    await app.db('newsletter_subscriptions').insert(rows.map((row) => ({ ...row, confirmed_at: row.created_at })));
    await app.db('newsletter_subscriptions').insert({ email: `${tag}-pending@example.com`, created_at: '2026-03-02T08:00:00.000Z', confirm_sent_at: '2026-03-02T08:00:00.000Z' });
    return rows;
  }
  const confirmedCount = async () => Number((await app.db('newsletter_subscriptions').whereNotNull('confirmed_at').count({ n: '*' }).first())?.n);

  test('when signed out, then 401; as a reader, then 403; nothing is listed', async () => {
    const anonymous = await app.client().get('/api/newsletter/subscribers');
    expect(anonymous.status).toBe(401);
    const reader = app.client();
    await signUp(reader, uniqueName('reader'));
    const refused = await reader.get('/api/newsletter/subscribers', { headers: { accept: 'text/csv' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only editors can see the subscribers.' });
  });

  test('as an editor, then the count and every confirmed address, newest first, never cached; a pending one is not listed', async () => {
    const mine = await subscribed();
    const { client: editor } = await editorClient(app);
    const res = await editor.get('/api/newsletter/subscribers');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const total = await confirmedCount();
    expect(res.body.subscribers.some((s: { email: string }) => s.email.endsWith('-pending@example.com'))).toBe(false);
    expect(res.body.count).toBe(total);
    expect(res.body.subscribers).toHaveLength(total);
    const times = res.body.subscribers.map((s: { subscribedAt: string }) => Date.parse(s.subscribedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ours = res.body.subscribers.filter((s: { email: string }) => mine.some((m) => m.email === s.email));
    expect(ours).toEqual([mine[1]!, mine[2]!, mine[0]!].map((m) => ({ email: m.email, subscribedAt: m.created_at })));
  });

  test('asked for text/csv, then a CSV file with a header, one row an address, and no cell a spreadsheet would run', async () => {
    const mine = await subscribed();
    const { client: editor } = await editorClient(app);
    const res = await editor.get('/api/newsletter/subscribers', { headers: { accept: 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="subscribers.csv"');
    expect(res.headers.get('vary')).toContain('Accept');
    const lines = res.text.trimEnd().split('\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines).toContain(`${mine[0]!.email},${mine[0]!.created_at}`);
    // The formula-looking address is written with a leading quote mark, never as =cmd…
    expect(lines).toContain(`'${mine[2]!.email},${mine[2]!.created_at}`);
    expect(lines.some((line) => line.startsWith('='))).toBe(false);
    const json = await editor.get('/api/newsletter/subscribers');
    expect(lines).toHaveLength(json.body.count + 1);
  });
});

