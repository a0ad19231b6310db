import * as z from 'zod/mini';
import './zod-locale';

// The editor's desk's answers that only editors read (the Activity, the Subscribers). A module of
// its own: the reader's pages never use it, so their bundles leave it out (vite.config.ts).

/**
 * One editor write on the desk's Activity: who (null once the account is gone), what (the call,
 * e.g. `PUT /api/blog/:id/featured`, and the path it was made on), which item (its id or date, and
 * its title when the answer had one), when, and the status it was answered with.
 */
export const activityEntrySchema = z.object({
  id: z.number(),
  actor: z.nullable(z.object({ id: z.number(), username: z.string() })),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  item: z.nullable(z.string()),
  title: z.nullable(z.string()),
  status: z.number(),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/newsletter/subscribers` (editors): how many, and every address, newest first. */
export const subscribersSchema = z.object({
  count: z.number(),
  subscribers: z.array(z.object({ email: z.string(), subscribedAt: z.string() })),
});
export type Subscribers = z.infer<typeof subscribersSchema>;
