// Plain-text output helpers.

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].map((l) => `  ${l.trimEnd()}`).join('\n');
}

export const mb = (bytes: number | null | undefined) => (bytes == null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const pct = (n: number | null) => (n === null ? 'n/a' : `${Math.round(n)}%`);
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Percentile of already sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
