import Router from '@koa/router';
import { heartInputSchema, heartsQuerySchema } from '#contract';
import type { Context } from 'koa';
import { cachePublicly } from '#api/middleware/public-cache';
import { actorId, requireSelf, sessionUserId } from '#api/middleware/auth';
import { ownInput } from '#api/middleware/own-data';
import { inputOf, validInput } from '#api/middleware/input';
import type { DevotionalsService } from './devotionals.service';

/** The userId of a heart write: in the JSON body, or `?userId=` for clients that cannot send a DELETE body. */
function heartInput(ctx: Context): unknown {
  const body = (ctx.request.body ?? {}) as { userId?: unknown };
  return body.userId === undefined && ctx.query.userId !== undefined ? { userId: ctx.query.userId } : body;
}

export function devotionalRoutes(service: DevotionalsService): Router {
  const router = new Router();

  router.get('/devotional/today', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.today(ctx.query);
  });

  // Public; a `?userId=` asks for the reader's own state and must then be the signed-in user.
  router.get(
    '/devotional/:id/hearts',
    validInput(heartsQuerySchema, (ctx) => ctx.query),
    requireSelf((ctx) => inputOf(ctx, heartsQuerySchema).userId),
    async (ctx) => {
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = await service.hearts(ctx.params.id ?? '', sessionUserId(ctx));
    },
  );

  // 401 without a session, then 400 for a bad body, then 403 for someone else's userId.
  const heartWrite = ownInput(heartInputSchema, heartInput);

  router.post('/devotional/:id/heart', ...heartWrite, async (ctx) => {
    ctx.body = await service.heart(ctx.params.id ?? '', actorId(ctx));
  });

  router.delete('/devotional/:id/heart', ...heartWrite, async (ctx) => {
    ctx.body = await service.unheart(ctx.params.id ?? '', actorId(ctx));
  });

  return router;
}
