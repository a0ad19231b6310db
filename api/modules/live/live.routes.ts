import type { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { createQuestionInputSchema, idSchema, liveStreamInputSchema, liveStreamUpdateSchema, moderateQuestionInputSchema, questionsQuerySchema, type LiveStream } from '#contract';
import { parseYoutubeLink, YOUTUBE_LINK_RULE } from '#contract/youtube-link';
import { AppError } from '#api/errors';
import type { EventBus } from '#api/lib/event-bus';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { requireEditor, requireSignIn, sessionUserId, type EditorLookup } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import { liveEventStreams, type StreamClient } from './live-event-streams';
import type { LiveService, LiveStreamFields } from './live.service';

export interface LiveEventStreamSettings {
  /** Open event streams per client address, both routes, every process (EVENT_STREAMS_PER_ADDRESS). */
  perAddress: number;
  /** Keys addresses and users on the event bus: the session secret, the same on every process. */
  keySecret: string;
}

/**
 * What a client past its open event streams is told to wait (seconds). Places free as soon as a
 * page closes, so this is a guess; the PWA retries on its own schedule anyway (5 s, doubling).
 */
const EVENT_STREAM_RETRY_AFTER_S = 10;

export function liveRoutes(service: LiveService, events: EventBus, isEditor: EditorLookup, settings: LiveEventStreamSettings): Router {
  const streams = liveEventStreams(events, { findQuestion: (id) => service.findQuestion(id), perAddress: settings.perAddress, keySecret: settings.keySecret });
  const router = new Router();
  const signedIn = requireSignIn('Please sign in as an editor.');
  const editor = requireEditor(isEditor, 'Only editors can manage live streams.');
  /** The live stream's count is the pages watching it now, as everywhere it is answered. */
  const withViewers = (stream: LiveStream): LiveStream => (stream.isLive ? { ...stream, viewerCount: streams.viewerCount(stream.id) } : stream);

  // `null` (JSON) when nothing is live: the PWA shows "No Live Stream Currently". Its viewer
  // count is the pages watching it now (open event streams, all processes), as its events say.
  router.get(
    '/live-streams/current',
    route({}, async (ctx) => {
      const stream = await service.current();
      cachePublicly(ctx);
      sendJsonOrNull(ctx, stream && withViewers(stream));
    }),
  );

  router.get(
    '/live-streams/upcoming',
    route({}, async (ctx) => {
      cachePublicly(ctx);
      ctx.body = await service.upcoming();
    }),
  );

  router.get(
    '/live-streams/:id/questions',
    route({ params: livePath, query: questionsQuerySchema }, async (ctx, { params, query }) => {
      ctx.body = await service.questions(params.id, query);
    }),
  );

  // Server-Sent Events: open until the client leaves or the server stops (see live-event-streams.ts).
  // Never cached (no cachePublicly), compressed or timed out: each event must leave at once. At
  // most EVENT_STREAMS_PER_ADDRESS per client address over both event routes and every process
  // (docs/decisions/012-live-events.md): a 429 past it.
  router.get(
    '/live-streams/:id/events',
    route({ params: livePath, query: eventsQuery }, async (ctx, { params, query }) => {
      const stream = await service.requireStream(params.id);
      sendEventStream(ctx, streams.open(stream.id, clientOf(ctx), { lastEventId: ctx.get('Last-Event-ID') || undefined, knowsHidden: query.hidden === '1' }));
    }),
  );

  // The site-wide events: `stream-changed` when the desk schedules, edits, starts or ends a stream
  // (on any process), for a /live-qa page with nothing live to follow (contract/live-events.ts).
  router.get(
    '/live-streams/events',
    route({}, async (ctx) => {
      sendEventStream(ctx, streams.openSiteWide(clientOf(ctx)));
    }),
  );

  router.post(
    '/questions',
    route({ body: createQuestionInputSchema }, async (ctx, { body }) => {
      const question = await service.ask(body);
      ctx.status = 201;
      ctx.body = question;
    }),
  );

  // Editors only: highlight or answer a question; every open page sees it. The API's order of
  // checks: 401 signed out, 400 a bad id or body, 403 not an editor, 404 no such question.
  router.patch(
    '/questions/:id',
    requireSignIn('Please sign in as an editor.'),
    route(
      { params: livePath, body: moderateQuestionInputSchema, allow: requireEditor(isEditor, 'Only editors can moderate live questions.') },
      async (ctx, { params, body }) => {
        ctx.body = await service.moderate(params.id, body);
      },
    ),
  );

  // The desk: schedule a stream, edit it, go live and end it. Editors only, refused in the API's
  // order: 401 signed out, 400 a bad id or body, 403 not an editor, 404 no such stream, 409 going
  // live while another stream is. A write under /api/live-streams drops the cached current and
  // upcoming answers (public-cache.ts).
  router.post(
    '/live-streams',
    signedIn,
    route({ body: liveStreamBody, allow: editor }, async (ctx, { body }) => {
      ctx.body = await service.createStream(body);
      ctx.status = 201;
    }),
  );

  router.put(
    '/live-streams/:id',
    signedIn,
    route({ params: livePath, body: liveStreamUpdateBody, allow: editor }, async (ctx, { params, body }) => {
      const { isLive, ...fields } = body;
      ctx.body = withViewers(await service.updateStream(params.id, fields, isLive));
    }),
  );

  // Editors only: hide a question. It leaves every list, and every open page drops it (the
  // `hidden` event, or `resync` for pages that do not know it). 404 when it is gone already.
  router.delete(
    '/questions/:id',
    signedIn,
    route({ params: livePath, allow: requireEditor(isEditor, 'Only editors can moderate live questions.') }, async (ctx, { params }) => {
      await service.hide(params.id);
      ctx.status = 204;
    }),
  );

  return router;
}

/** Who asks: the client address as TRUST_PROXY lets Koa read it, and the signed-in user. */
const clientOf = (ctx: Context): StreamClient => ({ address: ctx.ip, userId: sessionUserId(ctx) });

/**
 * Answers with an event stream, closed when the client goes away: uncompressed, uncached, never
 * timed out; or, when the client's address has no place left (null), a 429.
 */
function sendEventStream(ctx: Context, opened: { body: PassThrough; close: () => void } | null): void {
  if (!opened) {
    ctx.set('Retry-After', String(EVENT_STREAM_RETRY_AFTER_S));
    throw new AppError(429, 'Too many live pages are open from your address. Close one and try again.');
  }
  const { body, close } = opened;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.on('close', close);
  ctx.res.on('close', close);
  // A client that left while the stream was being looked up closed before these listeners were
  // there: its place (per address) and its viewer must not stay taken.
  if (ctx.req.socket.destroyed) close();
  ctx.compress = false;
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.type = 'text/event-stream';
  ctx.status = 200;
  ctx.body = body;
}

/** The YouTube id a desk's `url` names; none (or blank) is no video; another form is a 400 on `url` (undefined). */
function youtubeIdOf(url: string | null | undefined, ctx: z.core.$RefinementCtx): string | null | undefined {
  if (!url) return null;
  const link = parseYoutubeLink(url);
  if (!link) ctx.issues.push({ code: 'custom', message: YOUTUBE_LINK_RULE, input: url, path: ['url'] });
  return link?.youtubeId;
}

/** The desk's stream, with its `url` read as a YouTube link (a link of another form is a 400 on `url`, like any other bad field). */
const liveStreamBody = z.pipe(
  liveStreamInputSchema,
  z.transform(({ url, ...fields }, ctx): LiveStreamFields => {
    const youtubeId = youtubeIdOf(url, ctx);
    return youtubeId === undefined ? z.NEVER : { ...fields, youtubeId };
  }),
);
const liveStreamUpdateBody = z.pipe(
  liveStreamUpdateSchema,
  z.transform(({ url, ...fields }, ctx): LiveStreamFields & { isLive?: boolean | undefined } => {
    const youtubeId = youtubeIdOf(url, ctx);
    return youtubeId === undefined ? z.NEVER : { ...fields, youtubeId };
  }),
);

/** `?hidden=1`: the page knows the `hidden` event (contract/live-events.ts). */
const eventsQuery = z.object({ hidden: z.optional(z.string()) });

/**
 * A live stream's or question's id in the path: a 400 naming `id` when it is not a number (these
 * paths always answered so); one past the range names nothing (404).
 */
const livePath = z.object({ id: idSchema() });
