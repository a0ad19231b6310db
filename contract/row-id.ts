// The one rule for a row's id, apart from the schemas: a page reads a path's id with it and
// loads no zod for that (common.ts builds the schemas on the same rule when it is loaded).

/** The largest id a row can have: the id columns are 32-bit integers (PostgreSQL's `integer`). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * The id no row has (row ids start at 1). A well-formed id past MAX_ROW_ID is read as this one, so
 * it is answered as any unknown id (a 404, an empty list) and never reaches a database as a
 * number its columns cannot hold.
 */
export const NO_ROW = 0;

/** How a row id is written as text (in a path, a query or a JSON string): digits without a sign or leading zero. */
export const ROW_ID_TEXT = /^[1-9][0-9]*$/;

/** Whether a number can name a row: a whole number from 1 to MAX_ROW_ID. */
export const isRowId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;

/**
 * A row's id as a path writes it: ROW_ID_TEXT, within range. null for anything else, which names
 * no row (the API answers 404, never a 400 or a database error).
 */
export function rowIdFromPath(raw: unknown): number | null {
  if (typeof raw !== 'string' || !ROW_ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return isRowId(id) ? id : null;
}
