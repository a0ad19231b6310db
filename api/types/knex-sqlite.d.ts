// knex's own SQLite client and transaction classes (CommonJS, untyped), extended in
// api/sqlite-client.ts: only what that file uses is declared.
declare module 'knex/lib/dialects/sqlite3/index.js' {
  export default class ClientSqlite3 {
    constructor(config: unknown);
    /** Set on the client knex makes for a transaction (its queries run on the transaction's connection). */
    transacting?: boolean;
    transaction(...args: unknown[]): unknown;
    runner(builder: unknown): { client: unknown };
    destroy(callback?: unknown): Promise<void>;
    /** Runs one compiled query (`sql`, `bindings`, `method`) on a raw connection; sets `response` or `context`. */
    _query(connection: unknown, obj: unknown): Promise<unknown>;
    destroyRawConnection(connection: unknown): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    emit(event: string, ...args: unknown[]): boolean;
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class TransactionSqlite {
    constructor(client: unknown, ...args: unknown[]);
    query(conn: unknown, sql: string): Promise<unknown>;
    begin(conn: unknown): Promise<unknown>;
  }
}
