import * as z from 'zod/mini';
import { heartsInfoSchema } from '#contract/content';
import { defineWrite } from '#pwa/offline';
import { devotionalKeys } from './keys';

export const HEART_FAILED = 'Failed to heart devotional. Please try again.';
export const UNHEART_FAILED = 'Failed to remove heart. Please try again.';

export const heartSubject = (devotionalId: number) => `heart:${devotionalId}`;

/**
 * Hearted or not (the absolute state): POST hearts, DELETE removes. While queued, heartView lays
 * it over the server's hearts info; the answer (the new hearts info) goes into the cache on delivery.
 */
export const setHeartWrite = defineWrite({
  kind: 'heart.set',
  schema: z.object({ devotionalId: z.number(), hearted: z.boolean(), title: z.string() }),
  subject: (v) => heartSubject(v.devotionalId),
  replacesEarlier: true,
  request: (v, userId) => ({ method: v.hearted ? 'POST' : 'DELETE', path: `/api/devotional/${v.devotionalId}/heart`, body: { userId } }),
  label: (v) => (v.hearted ? `Heart "${v.title}"` : `Remove heart from "${v.title}"`),
  failureMessage: (v) => (v.hearted ? HEART_FAILED : UNHEART_FAILED),
  refreshes: (v, userId) => [[...devotionalKeys.hearts(v.devotionalId, userId)]],
  applyDelivered: (queryClient, v, response, { userId }) => {
    const parsed = heartsInfoSchema.safeParse(response);
    if (parsed.success) queryClient.setQueryData(devotionalKeys.hearts(v.devotionalId, userId), parsed.data);
  },
});
