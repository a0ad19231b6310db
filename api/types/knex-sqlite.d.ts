// knex's own SQLite client and transaction classes (CommonJS, untyped), extended in
// api/sqlite-client.ts: only what that file uses is declared.
declare module 'knex/lib/dialects/sqlite3/index.js' {
  export default class ClientSqlite3 {
    constructor(config: unknown);
    transaction(...args: unknown[]): unknown;
  }
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  export default class TransactionSqlite {
    constructor(client: unknown, ...args: unknown[]);
    query(conn: unknown, sql: string): Promise<unknown>;
    begin(conn: unknown): Promise<unknown>;
  }
}
