// Without zod: the service worker imports this.

/**
 * GET /api/live-streams/{id}/events: a Server-Sent Events stream (`text/event-stream`) of the
 * stream's changes, each event with an id (the browser sends the last one back as
 * `Last-Event-ID` when it reconnects):
 * - `question`: a question asked, or its marks changed (`liveQuestionSchema`);
 * - `viewers`: how many viewers watch the stream now (`liveViewersEventSchema` in live.ts): a viewer
 *   is the signed-in user, else the client address, so a reader's many tabs count once; sent on
 *   connect and whenever it changes;
 * - `resync`: events were missed and cannot be replayed: read the questions again;
 * - `hidden`: an editor hid a question (`liveHiddenEventSchema`): drop it. Sent only to a page
 *   that asked with `?hidden=1` (`liveEventsPath(id, { hidden: true })`); any other page gets
 *   `resync` in its place, which makes it read the questions without the hidden one;
 * - `stream-changed`: the desk scheduled, edited, started or ended a stream (`{id}`, any stream,
 *   `liveStreamChangedEventSchema`): read what is live and upcoming again. No event id.
 * A comment line (`: ping`) every 20 s keeps proxies from closing an idle stream. Both event
 * routes answer 429 (`{message}`, `Retry-After`) when the client address has
 * EVENT_STREAMS_PER_ADDRESS event streams open already, of either kind
 * (docs/decisions/012-live-events.md); the page tries again later (live-events.ts in the PWA).
 */
export const liveEventsPath = (streamId: number, opts: { hidden?: boolean } = {}) => `/api/live-streams/${streamId}/events${opts.hidden ? '?hidden=1' : ''}`;
/**
 * GET /api/live-streams/events: the site-wide events, `stream-changed` only (as above), for a
 * page that shows no live stream: it learns at once when one goes live, or the schedule changes.
 */
export const LIVE_SITE_EVENTS_PATH = '/api/live-streams/events';
/** Matches `liveEventsPath` and `LIVE_SITE_EVENTS_PATH` (the service worker leaves these requests alone). */
export const LIVE_EVENTS_PATH_PATTERN = /^\/api\/live-streams\/(?:[^/]+\/)?events\/?$/i;
