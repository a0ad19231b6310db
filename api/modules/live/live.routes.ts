import Router from '@koa/router';
import { z } from 'zod';
import { idSchema, moderateQuestionInputSchema } from '#contract';
import type { EventBus } from '#api/lib/event-bus';
import { sendJsonOrNull } from '#api/lib/respond';
import { requireEditor, requireSignIn, type EditorLookup } from '#api/middleware/auth';
import { inputOf, validInput } from '#api/middleware/input';
import { cachePublicly } from '#api/middleware/public-cache';
import { liveEventStreams } from './live-event-streams';
import type { LiveService } from './live.service';

export function liveRoutes(service: LiveService, events: EventBus, isEditor: EditorLookup): Router {
  const streams = liveEventStreams(events, { findQuestion: (id) => service.findQuestion(id) });
  const router = new Router();
  // The API's order of checks: 401 signed out, 400 a bad id or body, 403 not an editor, 404 no such question.
  const moderation = [
    requireSignIn('Please sign in as an editor.'),
    validInput(questionIdSchema, (ctx) => ({ id: (ctx.params as Record<string, string | undefined>).id })),
    validInput(moderateQuestionInputSchema, (ctx) => ctx.request.body ?? {}),
    requireEditor(isEditor, 'Only editors can moderate live questions.'),
  ];

  // `null` (JSON) when nothing is live: the PWA shows "No Live Stream Currently". Its viewer
  // count is the pages watching it now (open event streams, all processes), as its events say.
  router.get('/live-streams/current', async (ctx) => {
    const stream = await service.current();
    cachePublicly(ctx);
    sendJsonOrNull(ctx, stream && { ...stream, viewerCount: streams.viewerCount(stream.id) });
  });

  router.get('/live-streams/upcoming', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.upcoming();
  });

  router.get('/live-streams/:id/questions', async (ctx) => {
    ctx.body = await service.questions(ctx.params.id, ctx.query);
  });

  // Server-Sent Events: open until the client leaves or the server stops (see live-event-streams.ts).
  // Never cached (no cachePublicly), compressed or timed out: each event must leave at once.
  router.get('/live-streams/:id/events', async (ctx) => {
    const stream = await service.requireStream(ctx.params.id);
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
  });

  router.post('/questions', async (ctx) => {
    const question = await service.ask(ctx.request.body);
    ctx.status = 201;
    ctx.body = question;
  });

  // Editors only: highlight or answer a question; every open page sees it.
  router.patch('/questions/:id', ...moderation, async (ctx) => {
    ctx.body = await service.moderate(inputOf(ctx, questionIdSchema).id, inputOf(ctx, moderateQuestionInputSchema));
  });

  return router;
}

/** A question's id in the path: a 400 naming `id` when it is not a number. */
const questionIdSchema = z.object({ id: idSchema });
