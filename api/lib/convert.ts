// Drivers disagree on types: SQLite returns booleans as 0/1 and stores our timestamps
// as ISO text; PostgreSQL returns Date objects and counts as strings. Repos convert
// every row through these so the API always answers JSON booleans, numbers and ISO strings.

export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return Number(value);
  return 0;
}

export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') {
    const d = new Date(value.includes('T') || value.length <= 10 ? value : value.replace(' ', 'T') + 'Z');
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  return new Date(0).toISOString();
}

export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}
