import { z } from 'zod';
import { clientIdSchema, idSchema } from '#contract';

/** A numeric path or query id, named in the 400 message when it is not one. */
export function parseNumericParam(name: string, value: unknown): number {
  return z.object({ [name]: idSchema }).parse({ [name]: value })[name] as number;
}

/** A client-minted UUID from the path, lower-cased so `ABC…` and `abc…` name the same row. */
export function parseClientIdParam(name: string, value: unknown): string {
  return (z.object({ [name]: clientIdSchema }).parse({ [name]: value })[name] as string).toLowerCase();
}
