import * as z from 'zod/mini';
import './zod-locale';
import { categorySchema } from './common';

// Adding and editing videos: what the editor's desk sends. A module of its own, apart from what
// readers read (content.ts): the reader's pages never use it, so their bundles leave it out
// (vite.config.ts).

export const VIDEO_URL_MAX = 500;
export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;

/**
 * A video's length as YouTube shows it: `M:SS`, `MM:SS` or `H:MM:SS` (`0:45`, `12:34`,
 * `1:02:03`), minutes and seconds below 60. The schema also refuses `0:00`.
 */
export const VIDEO_DURATION = /^(?:[1-9]\d?:[0-5]\d:[0-5]\d|[0-5]?\d:[0-5]\d)$/;
const DURATION_MESSAGE = 'duration must be the length as 12:34 or 1:02:03';

/**
 * `POST /api/videos` and `PUT /api/videos/{id}`: the video as the editor means it, whole. `url` is
 * the YouTube link (the API reads the video's id from it, and a /shorts/ link makes it a short);
 * its forms are checked where it is read (contract/youtube-link.ts). `publishedAt`
 * defaults to now on a new video, and keeps the video's own on an edit.
 */
export const videoInputSchema = z.object({
  url: z
    .string({ message: 'url is required: a YouTube link or video id' })
    .check(z.trim(), z.minLength(1, 'url is required: a YouTube link or video id'), z.maxLength(VIDEO_URL_MAX, `url must be at most ${VIDEO_URL_MAX} characters`)),
  title: z
    .string({ message: 'Title is required' })
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(VIDEO_TITLE_MAX, `Title must be at most ${VIDEO_TITLE_MAX} characters`)),
  description: z.optional(
    z.nullable(z.string({ message: 'description must be text' }).check(z.trim(), z.maxLength(VIDEO_DESCRIPTION_MAX, `description must be at most ${VIDEO_DESCRIPTION_MAX} characters`))),
  ),
  category: categorySchema,
  duration: z
    .string({ message: DURATION_MESSAGE })
    .check(
      z.trim(),
      z.regex(VIDEO_DURATION, DURATION_MESSAGE),
      z.refine((v) => /[1-9]/.test(v), DURATION_MESSAGE),
    ),
  publishedAt: z.optional(z.iso.datetime({ offset: true, message: 'publishedAt must be an ISO date and time' })),
});
export type VideoInput = z.input<typeof videoInputSchema>;
