// The event bus (api/lib/event-bus.ts) on the suite's database: EventEmitter on SQLite,
// LISTEN/NOTIFY on PostgreSQL (TEST_DB=pg). What others hear of must be stored first.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEventBus, pgEventBus, type BusEvent, type EventBus } from '#api/lib/event-bus';
import { withRequestTransaction } from '#api/lib/request-transaction';
import { until } from '../support/server-process';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase;
let bus: EventBus;
const heard: BusEvent[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  // On PostgreSQL, quiet: the reconnection test below cuts this bus's connection too.
  bus = tdb.database.client === 'pg' ? pgEventBus(tdb.database.connectionString, tdb.db, { reconnectDelayMs: 50, log: { error: () => undefined, log: () => undefined } }) : createEventBus(tdb.database, tdb.db);
  await bus.ready;
  bus.subscribe((e) => heard.push(e));
});

afterAll(async () => {
  await bus?.close();
  await tdb?.drop();
});

const question = (questionId: number): BusEvent => ({ kind: 'question', streamId: 1, questionId });
const heardQuestion = (questionId: number) => heard.some((e) => e.kind === 'question' && e.questionId === questionId);

describe(`the event bus on ${testDialect() === 'pg' ? 'PostgreSQL' : 'SQLite'}`, () => {
  test('an event published outside a transaction reaches the subscribers', async () => {
    await bus.publish(question(1));
    await until('the event', () => heardQuestion(1), { timeoutMs: 2_000 });
  });

  test('inside a transaction, an event goes out only after the commit; after a rollback, never', async () => {
    await tdb.db.transaction(async (trx) => {
      await withRequestTransaction(trx, () => bus.publish(question(2)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardQuestion(2)).toBe(false);
    });
    await until('the committed event', () => heardQuestion(2), { timeoutMs: 2_000 });

    await tdb.db
      .transaction(async (trx) => {
        await withRequestTransaction(trx, () => bus.publish(question(3)));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await bus.publish(question(4));
    await until('the event after the rollback', () => heardQuestion(4), { timeoutMs: 2_000 });
    expect(heardQuestion(3)).toBe(false);
  });

  test('a presence event (the open event streams of a process) arrives as sent; a malformed one, or an older process\'s `viewers` count, is dropped', async () => {
    const sent: BusEvent = { kind: 'presence', process: 'p-ok', addresses: [['k1', 2]], viewers: [[7, 'v1', 1], [7, 'v2', 0]], ask: true };
    const malformed = [
      { kind: 'viewers', streamId: 7, process: 'p-old', count: 3 },
      { kind: 'presence', process: 'p-bad', addresses: [['k1', -1]], viewers: [] },
      { kind: 'presence', process: 'p-bad', addresses: [], viewers: [[7, 'v1', 2]] },
      { kind: 'presence', process: 'p-bad', addresses: [['x'.repeat(65), 1]], viewers: [] },
      { kind: 'presence', process: 'p-bad', addresses: 'k1' },
    ];
    for (const event of malformed) await bus.publish(event as unknown as BusEvent);
    await bus.publish(sent);
    await bus.publish(question(5));
    await until('the presence event', () => heard.some((e) => e.kind === 'presence' && e.process === 'p-ok'), { timeoutMs: 2_000 });
    await until('the event after it', () => heardQuestion(5), { timeoutMs: 2_000 });
    expect(heard.filter((e) => e.kind === 'presence' && e.process === 'p-ok')).toEqual([sent]);
    expect(heard.some((e) => (e as { process?: string }).process === 'p-bad' || (e as { process?: string }).process === 'p-old')).toBe(false);
  });

  test('after close, nothing is delivered and `closed` is aborted', async () => {
    const other = createEventBus(tdb.database, tdb.db);
    await other.ready;
    const got: BusEvent[] = [];
    other.subscribe((e) => got.push(e));
    await other.close();
    expect(other.closed.aborted).toBe(true);
    await bus.publish(question(5));
    await until('the event on the open bus', () => heardQuestion(5), { timeoutMs: 2_000 });
    expect(got).toEqual([]);
  });
});

describe.skipIf(testDialect() !== 'pg')('the PostgreSQL listener connection', () => {
  test('when its connection is cut (a database restart), it reconnects and hears events again', async () => {
    if (tdb.database.client !== 'pg') return;
    const logged: string[] = [];
    const log = { error: (...a: unknown[]) => void logged.push(a.map(String).join(' ')), log: () => undefined };
    const own = pgEventBus(tdb.database.connectionString, tdb.db, { reconnectDelayMs: 50, log });
    await own.ready;
    const got: BusEvent[] = [];
    own.subscribe((e) => got.push(e));
    const listeners = async () =>
      Number(
        (
          await tdb.db.raw<{ rows: { n: string }[] }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and query = 'LISTEN cik_live_events' and pid <> pg_backend_pid()",
          )
        ).rows[0]!.n,
      );
    // Two listening: the suite's bus and this one. Cut them both.
    await until('both listeners', async () => (await listeners()) === 2);
    await tdb.db.raw("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN cik_live_events' and pid <> pg_backend_pid()");
    await until('the loss noticed', () => logged.some((line) => line.includes('listener connection lost')), { timeoutMs: 5_000 });
    await until('the reconnections', async () => (await listeners()) === 2, { timeoutMs: 10_000 });
    await tdb.db.raw("select pg_notify('cik_live_events', ?)", [JSON.stringify(question(6))]);
    await until('the event after the reconnection', () => got.some((e) => e.kind === 'question' && e.questionId === 6), { timeoutMs: 5_000 });
    await own.close();
  });
});
