import * as z from 'zod/mini';
import './zod-locale';
import { categories } from './categories';
import { MAX_ROW_ID, NO_ROW, ROW_ID_TEXT } from './row-id';

// The categories themselves (the list, isCategory, the labels) are in categories.ts, free of zod.
export { categories, categoryLabels, isCategory, type Category } from './categories';
export const categorySchema = z.enum(categories, { message: 'Category must be one of the six categories' });

export const contentTypes = ['video', 'blog'] as const;
export const contentTypeSchema = z.enum(contentTypes, { message: 'contentType must be video or blog' });
export type ContentType = z.infer<typeof contentTypeSchema>;

// The row id rule itself (MAX_ROW_ID, NO_ROW, ROW_ID_TEXT, isRowId, rowIdFromPath) is in row-id.ts, free of zod.
export { isRowId, MAX_ROW_ID, NO_ROW, ROW_ID_TEXT, rowIdFromPath } from './row-id';

/**
 * The one row id schema, for paths, queries and bodies alike. Strict: a JSON whole number, or
 * ROW_ID_TEXT (digits without sign or leading zero, as a path or a query writes it), from 1 up;
 * `message` for anything else (`true`, `null`, `1.5`, `'1e3'`, `' 1'`, `'01'`, 0 and -1 are refused;
 * nothing is coerced). Bounded: a well-formed id past MAX_ROW_ID names no row and reads as NO_ROW,
 * so it is answered as any unknown id (a 404, an empty list, "not a comment on this content")
 * and no number outside the id columns' range reaches the database.
 */
export function idSchema(message = 'Expected a numeric id') {
  return z.pipe(
    z.pipe(z.union([z.number(), z.string().check(z.regex(ROW_ID_TEXT, message))], { message }), z.transform(Number)),
    z.pipe(
      z.number().check(z.refine((id) => Number.isInteger(id) && id >= 1, message)),
      z.transform((id) => (id <= MAX_ROW_ID ? id : NO_ROW)),
    ),
  );
}

/**
 * A row id in a path where anything that is not one names no row, as README's "ids that are not
 * whole numbers are 404" says: `idSchema`, with every other segment read as NO_ROW, so the lookup
 * answers its own 404 (after the 400 of a bad query or body and the 403 of a self-check).
 */
export const pathIdSchema = /* @__PURE__ */ z.catch(/* @__PURE__ */ idSchema(), NO_ROW);

/** A list's `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitSchema(fallback: number, max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z._default(z.coerce.number({ message }).check(z.int({ message }), z.minimum(1, message), z.maximum(max, message)), fallback);
}

/** Ids that a client may mint offline (bookmarks, folders), so later queued writes can refer to them. */
export const clientIdSchema = z.uuid({ message: 'Expected a UUID' });

export const isoDateTimeSchema = z.string();

export const messageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof messageSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.unknown())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
