import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db';
import { devotionalsService } from './devotionals.service';

let tdb: TestDatabase;
beforeEach(async () => {
  tdb = await createTestDatabase();
});
afterEach(async () => {
  await tdb.drop();
});

async function insertDevotional(title: string, date: string | null): Promise<void> {
  await tdb.db('devotionals').insert({ title, date, verse_text: 'v', verse_reference: 'John 1:1', content: 'c', created_at: new Date().toISOString() });
}

describe('today without a date from the client', () => {
  test("when it is 23:30 UTC, then the site's zone decides which day's devotional it is", async () => {
    await insertDevotional('Rotation', null);
    await insertDevotional('March 1st', '2026-03-01');
    await insertDevotional('March 2nd', '2026-03-02');
    const now = () => new Date('2026-03-01T23:30:00Z');
    const inZone = (timeZone: string) => devotionalsService(tdb.db, { timeZone, now }).today(undefined);
    expect((await inZone('UTC')).devotionalTitle).toBe('March 1st');
    expect((await inZone('America/New_York')).devotionalTitle).toBe('March 1st');
    expect((await inZone('Asia/Tokyo')).devotionalTitle).toBe('March 2nd');
  });

  test("when the client sends its own date, then that date counts, whatever the site's zone", async () => {
    await insertDevotional('March 1st', '2026-03-01');
    await insertDevotional('March 2nd', '2026-03-02');
    const service = devotionalsService(tdb.db, { timeZone: 'Asia/Tokyo', now: () => new Date('2026-03-01T23:30:00Z') });
    expect((await service.today('2026-03-01')).devotionalTitle).toBe('March 1st');
  });
});
