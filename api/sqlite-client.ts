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

/** Connections that only read, beside the one that writes (libuv runs four database calls at once). */
const READERS = 4;
/** What a query builder does; a plain SELECT (`first`, `pluck` too) may run on a reader. */
const READS = new Set(['select', 'first', 'pluck']);

interface SqliteConfig {
  connection: { filename: string };
  pool?: { afterCreate?: (conn: unknown, done: (err: Error | null, conn: unknown) => void) => void };
}

/**
 * The writer, plus a pool of read-only connections for the SELECTs that run outside a transaction.
 *
 * SQLite allows one writer, so the pool has one connection, and everything queued behind it: a
 * write request's transaction holds that connection across several turns of the event loop, and
 * every session read and uncached public read waited for it (docs/decisions/002). In WAL mode a
 * reader runs beside the writer and sees every committed write, so a read sent after a write has
 * committed sees it, as on the writer. Inside a transaction (knex's transaction client, and the
 * request's transaction of request-transaction.ts) everything stays on the transaction's
 * connection. The readers are `query_only`: a write sent to one fails at once instead of racing
 * the writer. An in-memory database (tests) has no file to share, so it keeps its one connection.
 */
class SqliteClient extends ClientSqlite3 {
  private readonly readers: ClientSqlite3 | null;

  constructor(config: SqliteConfig) {
    super(config);
    const filename = config.connection.filename;
    this.readers =
      filename === ':memory:' || filename === ''
        ? null
        : new ClientSqlite3({
            ...config,
            pool: {
              min: 0,
              max: READERS,
              afterCreate(conn: unknown, done: (err: Error | null, conn: unknown) => void) {
                const afterCreate = config.pool?.afterCreate;
                const readOnly = (err: Error | null) => {
                  if (err) return done(err, conn);
                  (conn as { run: (sql: string, cb: (err: Error | null) => void) => void }).run('PRAGMA query_only = ON', (e) => done(e, conn));
                };
                if (afterCreate) afterCreate(conn, readOnly);
                else readOnly(null);
              },
            },
          });
    // `knex.on('query', …)` listens to this client: it hears the readers' queries too.
    for (const event of ['query', 'query-response', 'query-error']) this.readers?.on(event, (...args) => this.emit(event, ...args));
  }

  override transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  override runner(builder: { _method?: string; _connection?: unknown }): { client: unknown } {
    const runner = super.runner(builder);
    if (this.readers && !this.transacting && !builder._connection && READS.has(builder._method ?? '')) runner.client = this.readers;
    return runner;
  }

  override async destroy(callback?: unknown): Promise<void> {
    await this.readers?.destroy();
    return super.destroy(callback);
  }
}

/** knex's SQLite client, with transactions that begin IMMEDIATE and reads beside the writer; use it as `client` in a Knex config. */
export const sqliteClient = SqliteClient as unknown as typeof Knex.Client;
