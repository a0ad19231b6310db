import * as z from 'zod/mini';
import './zod-locale';
import { idSchema } from './common';

/**
 * Sending a post as a newsletter from the desk (docs/product.md#newsletter). A post goes out
 * once: sending it again needs `again: true` ("Send again"), else 409. `test: true` sends it to
 * the editor alone and counts as no send.
 */
export const newsletterSendInputSchema = z.object({
  postId: idSchema('postId must be a post id'),
  test: z.optional(z.boolean()),
  again: z.optional(z.boolean()),
});
export type NewsletterSendInput = z.infer<typeof newsletterSendInputSchema>;

/** `POST /api/newsletter/sends`: 202. */
export const newsletterSendCreatedSchema = z.object({ id: z.number(), recipients: z.number() });
export type NewsletterSendCreated = z.infer<typeof newsletterSendCreatedSchema>;

/** `GET /api/newsletter/sends/{id}`: how far a send is. `finishedAt` once nothing is pending. */
export const newsletterSendStatusSchema = z.object({
  status: z.enum(['sending', 'finished']),
  sent: z.number(),
  pending: z.number(),
  failed: z.number(),
  finishedAt: z.nullable(z.string()),
});
export type NewsletterSendStatus = z.infer<typeof newsletterSendStatusSchema>;

/** One send of a post, as the desk lists them. */
export const newsletterSendSchema = z.extend(newsletterSendStatusSchema, {
  id: z.number(),
  postId: z.number(),
  test: z.boolean(),
  recipients: z.number(),
  createdAt: z.string(),
  createdBy: z.nullable(z.object({ id: z.number(), username: z.string() })),
});
export type NewsletterSend = z.infer<typeof newsletterSendSchema>;

/**
 * `GET /api/newsletter/sends?postId=` (editors): the post's sends, newest first, and how many
 * confirmed subscribers a send would go to now ("Send to N subscribers?").
 */
export const newsletterSendsSchema = z.object({ subscribers: z.number(), sends: z.array(newsletterSendSchema) });
export type NewsletterSends = z.infer<typeof newsletterSendsSchema>;
