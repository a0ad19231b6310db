import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requireUserId } from '../../middleware/auth.js';
import { progressService } from './progress.service.js';

/** Completion tracking. Private: a session is required and the userId must be the signed-in user. */
export function progressRoutes({ db }: AppDeps): Router {
  const service = progressService(db);
  const router = new Router();

  router.get('/progress/check', async (ctx) => {
    const actorId = requireUserId(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.check(actorId, ctx.query);
  });

  router.get('/users/:userId/progress', async (ctx) => {
    const actorId = requireUserId(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.list(actorId, ctx.params.userId);
  });

  router.post('/progress', async (ctx) => {
    ctx.body = await service.save(requireUserId(ctx), ctx.request.body);
  });

  return router;
}
