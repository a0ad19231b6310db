import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';

/**
 * One database transaction for a whole request, without passing it down by hand: code running
 * inside `withRequestTransaction` that queries through a `transactionAware` handle runs on that
 * transaction; everywhere else the handle is the plain connection pool. The idempotency
 * middleware uses it so that a write and its stored answer commit together or not at all.
 */
const current = new AsyncLocalStorage<Knex.Transaction>();

/**
 * A Knex handle that follows the request's transaction when there is one (and the pool otherwise).
 * A `db.transaction(…)` inside one becomes a savepoint of it. On SQLite's single connection this
 * matters doubly: a query on the pool while the request holds the connection would wait forever.
 */
export function transactionAware(db: Knex): Knex {
  return new Proxy(db, {
    apply(target, _thisArg, args: unknown[]) {
      const source = current.getStore() ?? target;
      return Reflect.apply(source as unknown as (...a: unknown[]) => unknown, undefined, args);
    },
    get(target, prop) {
      const source = current.getStore() ?? target;
      const value: unknown = Reflect.get(source, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** Runs `work` with `trx` as the request's transaction for every `transactionAware` handle. */
export function withRequestTransaction<T>(trx: Knex.Transaction, work: () => Promise<T>): Promise<T> {
  return current.run(trx, work);
}

/**
 * Runs `work` once the request's transaction has committed (at once when there is none); never
 * when it rolls back. For what others must only hear of once it is stored (a live event).
 */
export function afterCommit(work: () => void): void {
  const trx = current.getStore();
  if (!trx) {
    work();
    return;
  }
  // The request's transaction may be a savepoint (the idempotency middleware runs the call in one):
  // its promise settles at RELEASE, before anything is committed. Others read on other
  // connections (PostgreSQL's pool, SQLite's readers), so wait for the outermost COMMIT.
  let outermost: Knex.Transaction = trx;
  while ((outermost as NestedTransaction).parentTransaction) outermost = (outermost as NestedTransaction).parentTransaction!;
  outermost.executionPromise.then(work, () => undefined);
}

/** knex sets `parentTransaction` on a transaction begun inside another (a savepoint). */
type NestedTransaction = Knex.Transaction & { parentTransaction?: Knex.Transaction };
