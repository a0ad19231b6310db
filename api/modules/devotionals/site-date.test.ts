import { describe, expect, test } from 'vitest';
import { loadConfig, parseTimeZone } from '#api/config';
import { dateInZone, dayOfYear } from './site-date';

const at = (iso: string) => new Date(iso);

describe('dateInZone', () => {
  test('when it is 23:30 UTC, then New York is still on that day and Tokyo already on the next', () => {
    const now = at('2026-03-01T23:30:00Z');
    expect(dateInZone('UTC', now)).toBe('2026-03-01');
    expect(dateInZone('America/New_York', now)).toBe('2026-03-01');
    expect(dateInZone('Asia/Tokyo', now)).toBe('2026-03-02');
  });

  test('when it is 00:30 UTC, then New York is still on the day before', () => {
    const now = at('2026-03-02T00:30:00Z');
    expect(dateInZone('America/New_York', now)).toBe('2026-03-01');
    expect(dateInZone('Asia/Tokyo', now)).toBe('2026-03-02');
  });

  test('when New York is on summer time, then its midnight is 04:00 UTC, and 05:00 UTC in winter', () => {
    // Summer (EDT, UTC-4).
    expect(dateInZone('America/New_York', at('2026-07-15T03:59:59Z'))).toBe('2026-07-14');
    expect(dateInZone('America/New_York', at('2026-07-15T04:00:00Z'))).toBe('2026-07-15');
    // Winter (EST, UTC-5).
    expect(dateInZone('America/New_York', at('2026-01-15T04:59:59Z'))).toBe('2026-01-14');
    expect(dateInZone('America/New_York', at('2026-01-15T05:00:00Z'))).toBe('2026-01-15');
  });

  test('on the nights the clocks change, then the date turns at local midnight', () => {
    // 2026-03-08: New York springs forward at 02:00 EST (07:00 UTC); midnight was still EST.
    expect(dateInZone('America/New_York', at('2026-03-08T04:59:00Z'))).toBe('2026-03-07');
    expect(dateInZone('America/New_York', at('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(dateInZone('America/New_York', at('2026-03-08T07:30:00Z'))).toBe('2026-03-08');
    // 2026-11-01: back at 02:00 EDT (06:00 UTC); that midnight was EDT (04:00 UTC), the next EST (05:00 UTC).
    expect(dateInZone('America/New_York', at('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
    expect(dateInZone('America/New_York', at('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(dateInZone('America/New_York', at('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(dateInZone('America/New_York', at('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    // London: BST ends 2026-10-25 at 01:00 UTC; midnight before it is 23:00 UTC the day before.
    expect(dateInZone('Europe/London', at('2026-10-24T22:59:00Z'))).toBe('2026-10-24');
    expect(dateInZone('Europe/London', at('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
  });

  test('when a zone is a quarter hour off, or past the date line, then its date is still right', () => {
    expect(dateInZone('Asia/Kathmandu', at('2026-06-30T18:14:00Z'))).toBe('2026-06-30'); // UTC+5:45
    expect(dateInZone('Asia/Kathmandu', at('2026-06-30T18:15:00Z'))).toBe('2026-07-01');
    expect(dateInZone('Pacific/Kiritimati', at('2026-12-31T10:00:00Z'))).toBe('2027-01-01'); // UTC+14
    expect(dateInZone('Pacific/Pago_Pago', at('2026-01-01T10:00:00Z'))).toBe('2025-12-31'); // UTC-11
  });
});

describe('dayOfYear', () => {
  test('counts from January 1st, with February 29th in a leap year', () => {
    expect(dayOfYear('2025-01-01')).toBe(1);
    expect(dayOfYear('2025-03-01')).toBe(60);
    expect(dayOfYear('2024-03-01')).toBe(61);
    expect(dayOfYear('2024-12-31')).toBe(366);
  });
});

describe('SITE_TIME_ZONE', () => {
  const env = (value?: string) => ({ NODE_ENV: 'test', ...(value === undefined ? {} : { SITE_TIME_ZONE: value }) });

  test('when unset or blank, then it is UTC', () => {
    expect(loadConfig(env()).siteTimeZone).toBe('UTC');
    expect(loadConfig(env('  ')).siteTimeZone).toBe('UTC');
  });

  test('when it is an IANA name in any letter case, then it is kept as Intl spells it', () => {
    expect(loadConfig(env('Asia/Tokyo')).siteTimeZone).toBe('Asia/Tokyo');
    expect(parseTimeZone(' america/new_york ')).toBe('America/New_York');
  });

  test.each(['Mars/Olympus', 'New York', 'America/Atlantis', '12'])('when it is %s, then the server refuses to start and says why', (value) => {
    expect(() => loadConfig(env(value))).toThrow(`SITE_TIME_ZONE must be an IANA time zone name such as UTC, Europe/London or America/New_York (got "${value}")`);
  });
});
