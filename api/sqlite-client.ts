import type { Knex } from 'knex';
import ClientSqlite3 from 'knex/lib/dialects/sqlite3/index.js';
import TransactionSqlite from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';

/**
 * A transaction that takes SQLite's write lock when it begins (`BEGIN IMMEDIATE`, waiting up to
 * busy_timeout for it) instead of knex's deferred `BEGIN`. Several processes on one SQLite file
 * (WEB_CONCURRENCY, or two servers in tests) otherwise fail a transaction that reads and then
 * writes (a folder removal checks the owner first) with SQLITE_BUSY at once, without waiting,
 * whenever another process wrote in between: its snapshot is stale and SQLite cannot let it
 * catch up. Starting as the writer, it simply waits its turn. Nested transactions stay savepoints.
 */
class ImmediateTransaction extends TransactionSqlite {
  override begin(conn: unknown): Promise<unknown> {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  }
}

class SqliteClient extends ClientSqlite3 {
  override transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }
}

/** knex's SQLite client, with transactions that begin IMMEDIATE; use it as `client` in a Knex config. */
export const sqliteClient = SqliteClient as unknown as typeof Knex.Client;
