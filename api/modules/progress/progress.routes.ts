import Router from '@koa/router';
import { progressQuerySchema, saveProgressInputSchema } from '../../../contract/index.js';
import { parseNumericParam } from '../../lib/params.js';
import { actorId, requireSelf, requireUser } from '../../middleware/auth.js';
import { inputOf, validInput } from '../../middleware/input.js';
import type { ProgressService } from './progress.service.js';

/** Completion tracking. Private: a session is required and the userId must be the signed-in user. */
export function progressRoutes(service: ProgressService): Router {
  const router = new Router();

  router.get(
    '/progress/check',
    requireUser,
    validInput(progressQuerySchema, (ctx) => ctx.query),
    requireSelf((ctx) => inputOf(ctx, progressQuerySchema).userId),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.check(inputOf(ctx, progressQuerySchema));
    },
  );

  router.get(
    '/users/:userId/progress',
    requireUser,
    requireSelf((ctx) => parseNumericParam('userId', ctx.params.userId)),
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.list(actorId(ctx));
    },
  );

  router.post(
    '/progress',
    requireUser,
    validInput(saveProgressInputSchema),
    requireSelf((ctx) => inputOf(ctx, saveProgressInputSchema).userId),
    async (ctx) => {
      ctx.body = await service.save(inputOf(ctx, saveProgressInputSchema));
    },
  );

  return router;
}
