import Router from '@koa/router';
import { z } from 'zod';
import { createQuestionInputSchema, idSchema, moderateQuestionInputSchema, questionsQuerySchema } from '#contract';
import type { EventBus } from '#api/lib/event-bus';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { requireEditor, requireSignIn, type EditorLookup } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import { liveEventStreams } from './live-event-streams';
import type { LiveService } from './live.service';

export function liveRoutes(service: LiveService, events: EventBus, isEditor: EditorLookup): Router {
  const streams = liveEventStreams(events, { findQuestion: (id) => service.findQuestion(id) });
  const router = new Router();

  // `null` (JSON) when nothing is live: the PWA shows "No Live Stream Currently". Its viewer
  // count is the pages watching it now (open event streams, all processes), as its events say.
  router.get(
    '/live-streams/current',
    route({}, async (ctx) => {
      const stream = await service.current();
      cachePublicly(ctx);
      sendJsonOrNull(ctx, stream && { ...stream, viewerCount: streams.viewerCount(stream.id) });
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
  // Never cached (no cachePublicly), compressed or timed out: each event must leave at once.
  router.get(
    '/live-streams/:id/events',
    route({ params: livePath }, async (ctx, { params }) => {
      const stream = await service.requireStream(params.id);
      const { body, close } = streams.open(stream.id, ctx.get('Last-Event-ID') || undefined);
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.on('close', close);
      ctx.res.on('close', close);
      ctx.compress = false;
      ctx.set('Cache-Control', 'no-cache, no-transform');
      ctx.set('X-Accel-Buffering', 'no');
      ctx.type = 'text/event-stream';
      ctx.status = 200;
      ctx.body = body;
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

  return router;
}

/**
 * A live stream's or question's id in the path: a 400 naming `id` when it is not a number (these
 * paths always answered so); one past the range names nothing (404).
 */
const livePath = z.object({ id: idSchema() });
