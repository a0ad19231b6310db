import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createDb, type Db } from './db';

// The SQLite client keeps each connection's statements prepared (sqlite-client.ts); these are the
// ways a kept statement could go wrong that the API's own tests would not show.
let db: Db;
let dir: string;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-sqlite-client-'));
  db = createDb({ client: 'sqlite', filename: path.join(dir, 'db.sqlite') });
  await db.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('body').notNullable().unique();
  });
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a query that cannot be prepared (no such table) is refused with its error, twice, and the connections go on', async () => {
  for (let i = 0; i < 2; i++) {
    await expect(db('missing').select('*')).rejects.toThrow(/no such table: missing/);
    await expect(db.transaction((trx) => trx('missing').insert({ a: 1 }))).rejects.toThrow(/no such table: missing/);
  }
  await db('notes').insert({ body: 'after' });
  expect(await db('notes').pluck('body')).toEqual(['after']);
});

test('a statement kept after it failed (a unique row) runs again with new values, and reports its own row id', async () => {
  const [first] = await db('notes').insert({ body: 'one' });
  await expect(db('notes').insert({ body: 'one' })).rejects.toThrow(/UNIQUE/);
  const [second] = await db('notes').insert({ body: 'two' });
  expect(second).toBe(Number(first) + 1);
  expect(await db('notes').where({ body: 'two' }).first('id')).toEqual({ id: second });
});

test('more distinct queries than are kept, in and out of transactions, all answer right, and the database closes', async () => {
  await db('notes').insert(Array.from({ length: 10 }, (_, i) => ({ body: `n${i}` })));
  for (let i = 0; i < 450; i++) {
    const rows = i % 2 ? await db('notes').where('id', '>', i % 10).count({ n: '*' }) : await db.transaction((trx) => trx('notes').where('id', '>', i % 10).select(db.raw(`count(*) + ${i} as n`)));
    expect(Number(rows[0]!.n)).toBe(10 - (i % 10) + (i % 2 ? 0 : i));
  }
  // afterEach destroys the connections: a kept statement left unfinalized would make close fail.
});

test('an update through a kept statement reports how many rows it changed, each time', async () => {
  await db('notes').insert([{ body: 'a' }, { body: 'b' }]);
  expect(await db('notes').where('id', '>', 0).update({ body: db.raw("body || '!'") })).toBe(2);
  expect(await db('notes').where('id', '>', 1).update({ body: db.raw("body || '!'") })).toBe(1);
  expect(await db('notes').where('id', '>', 5).update({ body: db.raw("body || '!'") })).toBe(0);
});
