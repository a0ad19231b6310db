import type * as z from 'zod/mini';
import { ApiError } from './api-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The first message per field of `schema` (a contract/ object schema, the one the API checks
 * with), so a mistake is explained before anything is sent.
 */
export function fieldErrorsOf<F extends string>(schema: z.ZodMiniType, values: Record<F, string>): FieldErrors<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    if (field in values && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A refused call's words, placed: the API's zod `issues` under the fields they name, a `field` it
 * names in the body, or else the message under `fallback` (the one field a 400 without a place can
 * be about, e.g. a wrong password); what fits no field is the form's.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback?: F,
): { fields: FieldErrors<F>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {} };
  const body = (error.body ?? {}) as { issues?: { path?: unknown[]; message?: string }[]; field?: unknown };
  const isField = (key: unknown): key is F => typeof key === 'string' && (fields as readonly string[]).includes(key);
  const found: FieldErrors<F> = {};
  for (const issue of body.issues ?? []) {
    const key = issue.path?.[0];
    if (isField(key) && issue.message && !found[key]) found[key] = issue.message;
  }
  if (Object.keys(found).length) return { fields: found };
  const message = error.serverMessage;
  if (!message) return { fields: {}, form: error.message };
  if (isField(body.field)) return { fields: { [body.field]: message } as FieldErrors<F> };
  if (error.status === 400 && fallback) return { fields: { [fallback]: message } as FieldErrors<F> };
  return { fields: {}, form: message };
}
