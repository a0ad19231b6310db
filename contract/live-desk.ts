import * as z from 'zod/mini';
import './zod-locale';

// Scheduling and running live streams: what the editor's desk sends. A module of its own, apart
// from what readers read (live.ts): the reader's pages never use it, so their bundles leave it out.

export const LIVE_TITLE_MAX = 200;
export const LIVE_DESCRIPTION_MAX = 5000;
export const LIVE_URL_MAX = 500;

const liveStreamFields = {
  title: z
    .string({ message: 'Title is required' })
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(LIVE_TITLE_MAX, `Title must be at most ${LIVE_TITLE_MAX} characters`)),
  description: z.optional(
    z.nullable(z.string({ message: 'description must be text' }).check(z.trim(), z.maxLength(LIVE_DESCRIPTION_MAX, `description must be at most ${LIVE_DESCRIPTION_MAX} characters`))),
  ),
  /**
   * The YouTube link the stream plays (any form `contract/youtube-link.ts` reads, or a bare id),
   * checked where it is read; absent, null or blank: no video yet.
   */
  url: z.optional(z.nullable(z.string({ message: 'url must be a YouTube link or video id' }).check(z.trim(), z.maxLength(LIVE_URL_MAX, `url must be at most ${LIVE_URL_MAX} characters`)))),
  scheduledFor: z.iso.datetime({ offset: true, message: 'scheduledFor must be an ISO date and time' }),
};

/** `POST /api/live-streams`: a stream scheduled for `scheduledFor`, not live yet. */
export const liveStreamInputSchema = z.object(liveStreamFields);
export type LiveStreamInput = z.input<typeof liveStreamInputSchema>;

/**
 * `PUT /api/live-streams/{id}`: the stream as the editor means it, whole (a description or link
 * left out is cleared), and `isLive`: true is "Go live" (409 while another stream is live), false
 * "End stream"; left out, the stream stays as it is.
 */
export const liveStreamUpdateSchema = z.object({
  ...liveStreamFields,
  isLive: z.optional(z.boolean({ message: 'isLive must be true or false' })),
});
export type LiveStreamUpdate = z.input<typeof liveStreamUpdateSchema>;
