import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type Db } from '../db';
import { afterCommit, withRequestTransaction } from './request-transaction';

let db: Db;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-request-trx-'));
  db = createDb({ client: 'sqlite', filename: path.join(dir, 'db.sqlite') });
  await db.schema.createTable('notes', (t) => t.increments('id'));
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('afterCommit in a savepoint (the call inside the idempotency transaction) waits for the outer COMMIT, and others then see the row', async () => {
  const seen: number[] = [];
  let released = false;
  await db.transaction(async (outer) => {
    await outer.transaction((inner) =>
      withRequestTransaction(inner, async () => {
        await inner('notes').insert({});
        afterCommit(() => {
          // Read on another connection: it must see what was committed.
          void db('notes').count({ n: '*' }).first().then((row) => seen.push(Number(row!.n)));
        });
      }),
    );
    released = true;
    // The savepoint is released; nothing may have run yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
  });
  expect(released).toBe(true);
  await expect.poll(() => seen).toEqual([1]);
});

test('afterCommit never runs when the outer transaction rolls back', async () => {
  let ran = false;
  await db
    .transaction(async (outer) => {
      await outer.transaction((inner) => withRequestTransaction(inner, async () => afterCommit(() => (ran = true))));
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(ran).toBe(false);
});
