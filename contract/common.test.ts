import { describe, expect, test } from 'vitest';
import { idSchema, isRowId, MAX_ROW_ID, NO_ROW, pathIdSchema, rowIdFromPath } from './common';

describe('rowIdFromPath', () => {
  test.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('when the path id is %j, then %d', (raw, id) => {
    expect(rowIdFromPath(raw)).toBe(id);
  });

  test.each([undefined, '', '0', '-1', '01', '1.5', '1e3', ' 1', 'abc', '0x10', '2147483648', '99999999999999999999'])(
    'when the path id is %j, then null',
    (raw) => {
      expect(rowIdFromPath(raw)).toBeNull();
    },
  );
});

describe('idSchema: the one row id schema, for paths, queries and bodies', () => {
  const schema = idSchema('userId must be a numeric user id');

  test.each([
    [1, 1],
    ['2', 2],
    [MAX_ROW_ID, MAX_ROW_ID],
  ])('when sent %j, then %d', (raw, id) => {
    expect(schema.parse(raw)).toBe(id);
  });

  test.each([true, null, undefined, 0, -1, {}])('when sent %j, then the given message', (raw) => {
    expect(schema.safeParse(raw).error?.issues[0]?.message).toBe('userId must be a numeric user id');
  });

  test.each([1.5, '1.5', '', ' 1', '1e3', '01', '-1'])('when sent %j, then refused', (raw) => {
    expect(schema.safeParse(raw).success).toBe(false);
  });

  test.each([MAX_ROW_ID + 1, String(MAX_ROW_ID + 1), '99999999999999999999'])('when sent %j, past the id columns, then NO_ROW: an id that names no row', (raw) => {
    expect(schema.parse(raw)).toBe(NO_ROW);
  });

  test('in a path, anything that is not an id names no row (the lookup answers 404)', () => {
    expect(pathIdSchema.parse('7')).toBe(7);
    expect(['abc', '01', '', '1.5', undefined].map((raw) => pathIdSchema.parse(raw))).toEqual([NO_ROW, NO_ROW, NO_ROW, NO_ROW, NO_ROW]);
  });
});

test('isRowId holds for the whole numbers from 1 to MAX_ROW_ID only', () => {
  expect([1, MAX_ROW_ID].every(isRowId)).toBe(true);
  expect([0, -1, 1.5, MAX_ROW_ID + 1, Number.NaN, Number.MAX_SAFE_INTEGER + 2].some(isRowId)).toBe(false);
});
