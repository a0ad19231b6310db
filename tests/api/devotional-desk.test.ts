// Devotionals by date, as the editor's desk writes them: list a range, write a day, delete a day,
// each refused to someone signed out (401) and to a reader (403); and "today" in SITE_TIME_ZONE.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { devotionalSchema } from '#contract';
import { editorClient } from '../support/fixtures';
import { signUp, startTestApp, uniqueName, useTestApp, type ApiClient, type TestApp } from '../support/test-app';

const app = useTestApp();
let editor: ApiClient;
let member: ApiClient;
let memberId: number;
let editorName: string;

beforeAll(async () => {
  ({ client: editor, username: editorName } = await editorClient(app));
  member = app.client();
  memberId = (await signUp(member, uniqueName('reader'))).id;
});
// Every test states the whole devotionals table it needs (hearts go with their devotional).
beforeEach(async () => {
  await app.db('devotional_hearts').delete();
  await app.db('devotionals').delete();
});

async function insertDevotional(title: string, date: string | null = null): Promise<number> {
  const [row] = await app
    .db('devotionals')
    .insert({ title, date, verse_text: 'In the beginning was the Word.', verse_reference: 'John 1:1', content: `Reflection for ${title}`, created_at: new Date().toISOString() })
    .returning('id');
  return Number((row as { id: number }).id);
}

async function devotionalCount(): Promise<number> {
  const row = await app.db('devotionals').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

const validInput = (title = `A day's word ${crypto.randomUUID().slice(0, 8)}`) => ({
  devotionalTitle: title,
  verseReference: 'Psalm 23:1',
  verseText: 'The Lord is my shepherd; I shall not want.',
  devotionalContent: 'He leads, and we follow.\n\nA second paragraph.',
});

/** The date it is now in `timeZone`, worked out apart from the server's code. */
function dateIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

describe('PUT /api/devotionals/{date}', () => {
  test('when an editor writes a day with none, then 201 with the devotional as today?date= answers it; a second write replaces it with 200', async () => {
    const created = await editor.put('/api/devotionals/2026-05-10', validInput('First draft'));
    expect(created.status).toBe(201);
    expect(devotionalSchema.parse(created.body)).toEqual(created.body);
    expect(created.body).toMatchObject({ devotionalTitle: 'First draft', verseReference: 'Psalm 23:1', date: '2026-05-10' });
    expect((await app.client().get('/api/devotional/today?date=2026-05-10')).body).toEqual(created.body);

    const replaced = await editor.put('/api/devotionals/2026-05-10', { ...validInput('Second thoughts'), verseReference: 'Psalm 23:2' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ ...created.body, devotionalTitle: 'Second thoughts', verseReference: 'Psalm 23:2' });
    expect((await app.client().get('/api/devotional/today?date=2026-05-10')).body).toEqual(replaced.body);
    expect(await devotionalCount()).toBe(1);
  });

  test('when a day is replaced, then it keeps its id and its hearts', async () => {
    const { body } = await editor.put('/api/devotionals/2026-05-11', validInput());
    expect((await member.post(`/api/devotional/${body.id}/heart`, { userId: memberId })).status).toBe(200);
    const replaced = await editor.put('/api/devotionals/2026-05-11', validInput('Edited'));
    expect(replaced.body.id).toBe(body.id);
    expect((await member.get(`/api/devotional/${body.id}/hearts?userId=${memberId}`)).body).toEqual({ isHearted: true, count: 1 });
  });

  test('when the fields carry spaces around them, then they are stored trimmed', async () => {
    const res = await editor.put('/api/devotionals/2026-05-12', { devotionalTitle: '  Rest  ', verseReference: ' Matthew 11:28 ', verseText: ' Come to me. ', devotionalContent: '\nRest in him.\n' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ devotionalTitle: 'Rest', verseReference: 'Matthew 11:28', verseText: 'Come to me.', devotionalContent: 'Rest in him.' });
  });

  test('when two editors write a new day at the same moment, then one row: one 201 and one 200', async () => {
    const [a, b] = await Promise.all([editor.put('/api/devotionals/2026-05-13', validInput('A')), editor.put('/api/devotionals/2026-05-13', validInput('B'))]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(await devotionalCount()).toBe(1);
  });

  test('when the title is 200 characters and the reference 100, then they are taken', async () => {
    const res = await editor.put('/api/devotionals/2026-05-14', { ...validInput(), devotionalTitle: 't'.repeat(200), verseReference: 'r'.repeat(100) });
    expect(res.status).toBe(201);
  });

  test.each([
    ['no title', { devotionalTitle: undefined }],
    ['a blank title', { devotionalTitle: '   ' }],
    ['a title of 201 characters', { devotionalTitle: 'x'.repeat(201) }],
    ['a numeric title', { devotionalTitle: 12 }],
    ['no verse reference', { verseReference: undefined }],
    ['a blank verse reference', { verseReference: '' }],
    ['a verse reference of 101 characters', { verseReference: 'x'.repeat(101) }],
    ['no verse text', { verseText: undefined }],
    ['a blank verse text', { verseText: ' \n ' }],
    ['a verse text of 2001 characters', { verseText: 'x'.repeat(2001) }],
    ['a null verse text', { verseText: null }],
    ['no reflection', { devotionalContent: undefined }],
    ['a blank reflection', { devotionalContent: '' }],
    ['a reflection of 50001 characters', { devotionalContent: 'x'.repeat(50_001) }],
    ['a reflection as an array', { devotionalContent: ['a'] }],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, patch) => {
    const res = await editor.put('/api/devotionals/2026-06-01', { ...validInput(), ...patch });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(await devotionalCount()).toBe(0);
  });

  test.each([
    ['an array', []],
    ['a string', 'title'],
    ['nothing', undefined],
  ])('when the body is %s, then 400', async (_label, body) => {
    const res = await editor.put('/api/devotionals/2026-06-01', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '2026-1-5', '20260105', 'today', '2026-01-05T00:00'])(
    'when the path date is %s, then 400 and nothing stored',
    async (date) => {
      const res = await editor.put(`/api/devotionals/${date}`, validInput());
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/date must be a calendar date/);
      expect(await devotionalCount()).toBe(0);
    },
  );

  test('when February 29th is in a leap year, then it is a day like any other', async () => {
    expect((await editor.put('/api/devotionals/2028-02-29', validInput())).status).toBe(201);
  });

  test('when signed out, then 401 before any check of the date or body, and nothing stored', async () => {
    expect((await app.client().put('/api/devotionals/2026-06-01', validInput())).status).toBe(401);
    expect((await app.client().put('/api/devotionals/2026-02-30', {})).status).toBe(401);
    expect(await devotionalCount()).toBe(0);
  });

  test('when a reader writes, then 403 (400 first for a bad date or body), and nothing stored', async () => {
    const res = await member.put('/api/devotionals/2026-06-01', validInput());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only editors can manage devotionals.');
    expect((await member.put('/api/devotionals/2026-02-30', validInput())).status).toBe(400);
    expect((await member.put('/api/devotionals/2026-06-01', { ...validInput(), devotionalTitle: '' })).status).toBe(400);
    expect(await devotionalCount()).toBe(0);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back and nothing changes', async () => {
    const headers = { 'Idempotency-Key': `devotional-${crypto.randomUUID()}` };
    const first = await editor.put('/api/devotionals/2026-06-02', validInput('Once'), { headers });
    const second = await editor.put('/api/devotionals/2026-06-02', validInput('Once'), { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await devotionalCount()).toBe(1);
  });
});

describe('DELETE /api/devotionals/{date}', () => {
  test('when an editor deletes a written day, then 204, its hearts go with it, and the day falls back to the rotation', async () => {
    const rotation = await insertDevotional('Rotation');
    const { body } = await editor.put('/api/devotionals/2026-07-01', validInput());
    await member.post(`/api/devotional/${body.id}/heart`, { userId: memberId });
    expect(await app.db('devotional_hearts').where({ devotional_id: body.id })).toHaveLength(1);

    const res = await editor.delete('/api/devotionals/2026-07-01');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await app.db('devotionals').where({ id: body.id })).toHaveLength(0);
    expect(await app.db('devotional_hearts').where({ devotional_id: body.id })).toHaveLength(0);
    const today = await app.client().get('/api/devotional/today?date=2026-07-01');
    expect(today.status).toBe(200);
    expect(today.body.id).toBe(rotation);
  });

  test('when the day has no devotional, then 404, and the undated ones are left alone', async () => {
    await insertDevotional('Rotation');
    const res = await editor.delete('/api/devotionals/2026-07-02');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('There is no devotional on 2026-07-02.');
    expect(await devotionalCount()).toBe(1);
  });

  test('when the date is not a real one, then 400', async () => {
    for (const date of ['2026-02-30', 'tomorrow', '2026-7-1']) {
      const res = await editor.delete(`/api/devotionals/${date}`);
      expect(res.status).toBe(400);
    }
  });

  test('when signed out, then 401; a reader, 403 (400 first for a bad date); nothing deleted', async () => {
    await insertDevotional('Written', '2026-07-03');
    expect((await app.client().delete('/api/devotionals/2026-07-03')).status).toBe(401);
    expect((await app.client().delete('/api/devotionals/2026-02-30')).status).toBe(401);
    expect((await member.delete('/api/devotionals/2026-07-03')).status).toBe(403);
    expect((await member.delete('/api/devotionals/2026-02-30')).status).toBe(400);
    expect((await member.delete('/api/devotionals/2026-07-04')).status).toBe(403);
    expect(await devotionalCount()).toBe(1);
  });
});

describe('GET /api/devotionals?from=&to=', () => {
  test('when an editor asks for a range, then the devotionals dated in it, oldest first, both ends included, never cached', async () => {
    await insertDevotional('Undated');
    await insertDevotional('Before', '2026-08-31');
    const third = await insertDevotional('Third', '2026-09-30');
    const first = await insertDevotional('First', '2026-09-01');
    const second = await insertDevotional('Second', '2026-09-15');
    await insertDevotional('After', '2026-10-01');

    const res = await editor.get('/api/devotionals?from=2026-09-01&to=2026-09-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((d: { id: number }) => d.id)).toEqual([first, second, third]);
    expect(res.body.map((d: { date: string }) => d.date)).toEqual(['2026-09-01', '2026-09-15', '2026-09-30']);
    for (const d of res.body) expect(devotionalSchema.parse(d)).toEqual(d);
  });

  test('when the range is one day, or has nothing written, then that day alone, or an empty list', async () => {
    const one = await insertDevotional('One', '2026-09-01');
    expect((await editor.get('/api/devotionals?from=2026-09-01&to=2026-09-01')).body.map((d: { id: number }) => d.id)).toEqual([one]);
    expect((await editor.get('/api/devotionals?from=2027-01-01&to=2027-01-30')).body).toEqual([]);
  });

  test('when the range is 366 days, then it is listed; 367 days is 400', async () => {
    await insertDevotional('New Year', '2024-01-01');
    await insertDevotional("New Year's Eve", '2024-12-31');
    const leapYear = await editor.get('/api/devotionals?from=2024-01-01&to=2024-12-31');
    expect(leapYear.status).toBe(200);
    expect(leapYear.body).toHaveLength(2);
    expect((await editor.get('/api/devotionals?from=2025-01-01&to=2026-01-01')).status).toBe(200);
    const tooLong = await editor.get('/api/devotionals?from=2025-01-01&to=2026-01-02');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/at most 366 days/);
  });

  test.each([
    ['no from', '?to=2026-09-30'],
    ['no to', '?from=2026-09-01'],
    ['nothing', ''],
    ['a from that is not a date', '?from=september&to=2026-09-30'],
    ['a to that is not a real date', '?from=2026-09-01&to=2026-09-31'],
    ['to before from', '?from=2026-09-30&to=2026-09-01'],
    ['from given twice', '?from=2026-09-01&from=2026-09-02&to=2026-09-30'],
  ])('when given %s, then 400 with a message', async (_label, query) => {
    const res = await editor.get(`/api/devotionals${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when signed out, then 401; a reader, 403 (400 first for a bad range)', async () => {
    expect((await app.client().get('/api/devotionals?from=2026-09-01&to=2026-09-30')).status).toBe(401);
    expect((await app.client().get('/api/devotionals')).status).toBe(401);
    expect((await member.get('/api/devotionals?from=2026-09-01&to=2026-09-30')).status).toBe(403);
    expect((await member.get('/api/devotionals?from=2026-09-30&to=2026-09-01')).status).toBe(400);
  });
});

describe('the public cache', () => {
  // A second process on the same database, with a long-lived public cache: only a dropped entry
  // can show a write at once.
  const cached = useTestApp({ env: { PUBLIC_CACHE_MS: '60000' }, sameDatabaseAs: app });
  let cachedEditor: ApiClient;
  beforeAll(async () => {
    cachedEditor = cached.client();
    const login = await cachedEditor.post('/api/auth/login', { username: editorName, password: 'Password1!' });
    expect(login.status).toBe(200);
  });

  test("when a day is written, replaced and deleted, then today's devotional for it (and without a date) follows at once", async () => {
    const rotation = await insertDevotional('Rotation');
    const date = '2026-10-10';
    const read = async () => (await cached.client().get(`/api/devotional/today?date=${date}`)).body;
    expect((await read()).id).toBe(rotation);

    const created = await cachedEditor.put(`/api/devotionals/${date}`, validInput('Written'));
    expect(created.status).toBe(201);
    expect(await read()).toEqual(created.body);

    const replaced = await cachedEditor.put(`/api/devotionals/${date}`, validInput('Rewritten'));
    expect(replaced.status).toBe(200);
    expect((await read()).devotionalTitle).toBe('Rewritten');

    expect((await cachedEditor.delete(`/api/devotionals/${date}`)).status).toBe(204);
    expect((await read()).id).toBe(rotation);

    // Without ?date=: the site's today (UTC here).
    const today = dateIn('UTC');
    const before = (await cached.client().get('/api/devotional/today')).body;
    expect(before.id).toBe(rotation);
    const written = await cachedEditor.put(`/api/devotionals/${today}`, validInput('Today'));
    const after = (await cached.client().get('/api/devotional/today')).body;
    if (dateIn('UTC') === today) expect(after).toEqual(written.body); // else midnight passed mid-test
  });
});

describe('SITE_TIME_ZONE', () => {
  // UTC+14 and UTC-11: 25 hours apart, so at any moment their dates differ.
  const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const;
  const apps: Partial<Record<(typeof zones)[number], TestApp>> = {};
  beforeAll(async () => {
    for (const zone of zones) apps[zone] = await startTestApp({ env: { SITE_TIME_ZONE: zone }, sameDatabaseAs: app });
  });
  afterAll(async () => {
    for (const zone of zones) await apps[zone]?.close();
  });

  test("when no date is sent, then today is the date in the site's zone; a date the client sends still counts", async () => {
    expect(apps['Pacific/Kiritimati']!.config.siteTimeZone).toBe('Pacific/Kiritimati');
    await insertDevotional('Rotation');
    // A day's midnight in either zone may pass between writing and asking: then ask again.
    for (let attempt = 0; ; attempt += 1) {
      await app.db('devotionals').whereNotNull('date').delete();
      const dates = zones.map(dateIn);
      expect(dates[0]).not.toBe(dates[1]);
      for (const [i, zone] of zones.entries()) await insertDevotional(`Today in ${zone}`, dates[i]);
      const answers = await Promise.all(zones.map(async (zone) => (await apps[zone]!.client().get('/api/devotional/today')).body));
      if (zones.map(dateIn).join() !== dates.join() && attempt < 2) continue;
      expect(answers.map((a) => a.devotionalTitle)).toEqual(zones.map((zone) => `Today in ${zone}`));
      expect(answers.map((a) => a.date)).toEqual(dates);
      const asked = await apps['Pacific/Kiritimati']!.client().get(`/api/devotional/today?date=${dates[1]}`);
      expect(asked.body.devotionalTitle).toBe('Today in Pacific/Pago_Pago');
      return;
    }
  });
});
