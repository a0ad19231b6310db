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

/** A statement of the sqlite3 driver, prepared once and run many times. */
interface PreparedStatement {
  all(params: unknown[], callback: (this: PreparedStatement, err: Error | null, rows: unknown[]) => void): void;
  run(params: unknown[], callback: (this: { lastID: number; changes: number }, err: Error | null) => void): void;
  finalize(callback?: () => void): void;
}

interface RawConnection {
  prepare(sql: string, callback: (err: Error | null) => void): PreparedStatement;
  close(callback: (err: Error | null) => void): void;
}

interface QueryObject {
  sql?: string;
  method?: string;
  bindings?: unknown[];
  returning?: unknown;
  response?: unknown;
  context?: unknown;
}

/** Statements kept prepared per connection; the least recently used is finalized past this. */
const PREPARED_PER_CONNECTION = 200;
/** Savepoints (each has its own name, so is run once) and settings are never kept; BEGIN and COMMIT are. */
const NOT_KEPT = /^\s*(SAVEPOINT|RELEASE|ROLLBACK\s+TO|PRAGMA)\b/i;
/**
 * Each connection's kept statements, most recently used last. Kept by connection, not on the
 * client: knex makes a transaction's client with Object.create, without the instance's fields.
 */
const prepared = new WeakMap<object, Map<string, PreparedStatement>>();

/**
 * knex's SQLite client, keeping each connection's statements prepared. The driver's `db.all(sql)`
 * prepares a new statement on the thread pool, then runs it there: two turns of the event loop per
 * query, and SQLite parsing and planning the same text again every time. Under load a turn is
 * several milliseconds, and a write transaction holds the only writer across all of its turns
 * (docs/decisions/002). A kept statement runs in one turn; the driver resets and rebinds it on
 * each use. A connection runs one query at a time (the pool lends it to one query or one
 * transaction), and its kept statements are finalized before it closes.
 */
class PreparedStatementsClient extends ClientSqlite3 {
  override _query(connection: RawConnection, obj: QueryObject): Promise<QueryObject> {
    const sql = obj.sql;
    if (!sql || NOT_KEPT.test(sql)) return super._query(connection, obj) as Promise<QueryObject>;
    // As knex's own _query: writes without RETURNING report lastID and changes, the rest rows.
    const run = obj.method === 'counter' || obj.method === 'del' || ((obj.method === 'insert' || obj.method === 'update') && !obj.returning);
    const forget = () => this.forget(connection, sql);
    return new Promise((resolve, reject) => {
      // A statement that cannot be prepared (no such table, a syntax error) is reported only to
      // prepare's callback: the driver drops the run queued behind it without calling it back.
      const statement = this.statement(connection, sql, reject);
      const bindings = obj.bindings ?? [];
      if (run) {
        statement.run(bindings, function (err) {
          if (err) return forget(), reject(err);
          // Copied: the statement's own fields change on its next run.
          obj.context = { lastID: this.lastID, changes: this.changes };
          resolve(obj);
        });
      } else {
        statement.all(bindings, (err, rows) => {
          if (err) return forget(), reject(err);
          obj.response = rows;
          resolve(obj);
        });
      }
    });
  }

  private statement(connection: RawConnection, sql: string, onPrepareError: (err: Error) => void): PreparedStatement {
    let kept = prepared.get(connection);
    if (!kept) prepared.set(connection, (kept = new Map()));
    const found = kept.get(sql);
    if (found) {
      // Most recently used last: a Map iterates in insertion order.
      kept.delete(sql);
      kept.set(sql, found);
      return found;
    }
    const statement = connection.prepare(sql, (err) => {
      if (!err) return;
      // The driver has finalized it already.
      if (kept.get(sql) === statement) kept.delete(sql);
      onPrepareError(err);
    });
    kept.set(sql, statement);
    if (kept.size > PREPARED_PER_CONNECTION) {
      const [oldest, old] = kept.entries().next().value as [string, PreparedStatement];
      kept.delete(oldest);
      old.finalize();
    }
    return statement;
  }

  /** A statement that failed is finalized rather than kept (the next query prepares it again). */
  private forget(connection: RawConnection, sql: string): void {
    const kept = prepared.get(connection);
    const statement = kept?.get(sql);
    if (!statement) return;
    kept!.delete(sql);
    statement.finalize();
  }

  override async destroyRawConnection(connection: RawConnection): Promise<void> {
    const kept = prepared.get(connection);
    prepared.delete(connection);
    // SQLite will not close a connection with statements still prepared.
    await Promise.all([...(kept?.values() ?? [])].map((statement) => new Promise<void>((resolve) => statement.finalize(() => resolve()))));
    await new Promise<void>((resolve, reject) => connection.close((err) => (err ? reject(err) : resolve())));
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
class SqliteClient extends PreparedStatementsClient {
  private readonly readers: PreparedStatementsClient | null;

  constructor(config: SqliteConfig) {
    super(config);
    const filename = config.connection.filename;
    this.readers =
      filename === ':memory:' || filename === ''
        ? null
        : new PreparedStatementsClient({
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
