import Router from '@koa/router';
import { progressQuerySchema, saveProgressInputSchema } from '../../../contract/index.js';
import { actorId } from '../../middleware/auth.js';
import { inputOf } from '../../middleware/input.js';
import { ownDataInPath, ownInput } from '../../middleware/own-data.js';
import type { ProgressService } from './progress.service.js';

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
