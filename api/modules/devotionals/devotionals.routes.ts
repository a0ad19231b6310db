import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { cachePublicly } from '../../middleware/public-cache.js';
import { requireSelf, requireUserId, sessionUserId } from '../../middleware/auth.js';
import { devotionalsService } from './devotionals.service.js';

export function devotionalRoutes({ db }: AppDeps): Router {
  const service = devotionalsService(db);
  const router = new Router();

  router.get('/devotional/today', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.today(ctx.query);
  });

  router.get('/devotional/:id/hearts', async (ctx) => {
    const { userId } = service.parseHeartsQuery(ctx.query);
    if (userId !== undefined) requireSelf(ctx, userId);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await service.hearts(ctx.params.id ?? '', sessionUserId(ctx));
  });

  /** 401 without a session, then 400 for a bad body, then 403 for someone else's userId. */
  const actingUser = (ctx: Context): number => {
    requireUserId(ctx);
    // The userId comes in the JSON body; `?userId=` is accepted too, for clients that cannot send a DELETE body.
    const body = (ctx.request.body ?? {}) as { userId?: unknown };
    const input = body.userId === undefined && ctx.query.userId !== undefined ? { userId: ctx.query.userId } : body;
    const { userId } = service.parseHeartInput(input);
    return requireSelf(ctx, userId);
  };

  router.post('/devotional/:id/heart', async (ctx) => {
    ctx.body = await service.heart(ctx.params.id ?? '', actingUser(ctx));
  });

  router.delete('/devotional/:id/heart', async (ctx) => {
    ctx.body = await service.unheart(ctx.params.id ?? '', actingUser(ctx));
  });

  return router;
}
