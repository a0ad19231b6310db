import Router from '@koa/router';
import { progressQuerySchema, saveProgressInputSchema } from '#contract';
import { actorId } from '#api/middleware/auth';
import { inputOf } from '#api/middleware/input';
import { ownDataInPath, ownInput } from '#api/middleware/own-data';
import type { ProgressService } from './progress.service';

/** Completion tracking. Private: a session is required and the userId must be the signed-in user. */
export function progressRoutes(service: ProgressService): Router {
  const router = new Router();

  router.get('/progress/check', ...ownInput(progressQuerySchema, (ctx) => ctx.query), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.check(inputOf(ctx, progressQuerySchema));
  });

  router.get('/users/:userId/progress', ...ownDataInPath, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.list(actorId(ctx));
  });

  router.post('/progress', ...ownInput(saveProgressInputSchema), async (ctx) => {
    ctx.body = await service.save(inputOf(ctx, saveProgressInputSchema));
  });

  return router;
}
