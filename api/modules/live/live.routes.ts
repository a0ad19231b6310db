import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { sendJsonOrNull } from '../../lib/respond.js';
import { cachePublicly } from '../../middleware/public-cache.js';
import { liveService } from './live.service.js';

export function liveRoutes({ db }: AppDeps): Router {
  const service = liveService(db);
  const router = new Router();

  // `null` (JSON) when nothing is live: the PWA shows "No Live Stream Currently".
  router.get('/live-streams/current', async (ctx) => {
    const stream = await service.current();
    cachePublicly(ctx);
    sendJsonOrNull(ctx, stream);
  });

  router.get('/live-streams/upcoming', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.upcoming();
  });

  router.get('/live-streams/:id/questions', async (ctx) => {
    ctx.body = await service.questions(ctx.params.id, ctx.query);
  });

  router.post('/questions', async (ctx) => {
    const question = await service.ask(ctx.request.body);
    ctx.status = 201;
    ctx.body = question;
  });

  return router;
}
