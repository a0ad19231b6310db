import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { sessionUserId } from '../../middleware/auth.js';
import { sendJsonOrNull } from '../../lib/respond.js';
import { cachePublicly } from '../../middleware/public-cache.js';
import { liveEventStreams } from './live-event-streams.js';
import { liveService } from './live.service.js';

export function liveRoutes({ db, events }: AppDeps): Router {
  const service = liveService(db, events);
  const streams = liveEventStreams(events, { findQuestion: (id) => service.findQuestion(id) });
  const router = new Router();

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
  router.patch('/questions/:id', async (ctx) => {
    ctx.body = await service.moderate(sessionUserId(ctx), ctx.params.id, ctx.request.body);
  });

  return router;
}
