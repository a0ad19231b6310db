// What the desk's forms share: each field's first message from a zod error (the contract's own
// words, which the API answers too), and the editor's datetime-local values as instants.
import type * as z from 'zod/mini';

/** The first message per field (the issue's top-level path), optionally only for `only`. */
export function firstMessages<F extends string>(error: z.core.$ZodError | undefined, only?: readonly F[]): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path[0] as F | undefined;
    if (!field || (only && !only.includes(field)) || messages[field]) continue;
    messages[field] = issue.message;
  }
  return messages;
}

/** The instant a datetime-local value names in the editor's time zone, or null when empty or not a time. */
export function instantOf(local: string): string | null {
  if (!local) return null;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A datetime-local value (the editor's own time) for an instant. */
export function localOf(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
