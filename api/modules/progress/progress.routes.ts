import Router from '@koa/router';
import { z } from 'zod';
import { idSchema, progressQuerySchema, saveProgressInputSchema } from '#contract';
import { route } from '#api/middleware/route';
import { actorId, requireUser } from '#api/middleware/auth';
import type { ProgressService } from './progress.service';

/** Completion tracking. Private: a session is required and the userId must be the signed-in user (401, 400, 403). */
export function progressRoutes(service: ProgressService): Router {
  const router = new Router();

  router.get(
    '/progress/check',
    requireUser,
    route({ query: progressQuerySchema, self: ({ query }) => query.userId }, async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.check(query);
    }),
  );

  router.get(
    '/users/:userId/progress',
    requireUser,
    route({ params: z.object({ userId: idSchema() }), self: ({ params }) => params.userId }, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.list(actorId(ctx));
    }),
  );

  router.post(
    '/progress',
    requireUser,
    route({ body: saveProgressInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      ctx.body = await service.save(body);
    }),
  );

  return router;
}
