import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { devotionalDatePathSchema, devotionalInputSchema, devotionalRangeQuerySchema, heartInputSchema, heartsQuerySchema, pathIdSchema } from '#contract';
import { devotionalTodayQuerySchema } from '#contract/queries';
import { route } from '#api/middleware/route';
import { actorId, requireEditor, requireSignIn, requireUser, sessionUserId } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import type { UsersService } from '../users/users.service';
import type { DevotionalsService } from './devotionals.service';

/** A devotional's id in the path: anything that is not one names no devotional (404). */
const devotionalPath = z.object({ id: pathIdSchema });

/** The userId of a heart write: in the JSON body, or `?userId=` for clients that cannot send a DELETE body. */
function heartInput(ctx: Context): unknown {
  const body = (ctx.request.body ?? {}) as { userId?: unknown };
  return body.userId === undefined && ctx.query.userId !== undefined ? { userId: ctx.query.userId } : body;
}

export function devotionalRoutes({ devotionals: service, users }: { devotionals: DevotionalsService; users: UsersService }): Router {
  const router = new Router();
  // The desk's calls: 401 without a session, then 400 for a bad date or body, then 403 for a
  // reader (the role read at each request), then the handler's 404.
  const signedIn = requireSignIn('Please sign in as an editor.');
  const editor = requireEditor(users.isEditorNow, 'Only editors can manage devotionals.');

  router.get(
    '/devotional/today',
    route({ query: devotionalTodayQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.today(query.date);
    }),
  );

  // Public; a `?userId=` asks for the reader's own state and must then be the signed-in user.
  router.get(
    '/devotional/:id/hearts',
    route({ params: devotionalPath, query: heartsQuerySchema, self: ({ query }) => query.userId }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = await service.hearts(params.id, sessionUserId(ctx));
    }),
  );

  // 401 without a session, then 400 for a bad body, then 403 for someone else's userId, then 404.
  const heartWrite = { params: devotionalPath, body: heartInputSchema, bodyFrom: heartInput, self: ({ body }: { body: { userId: number } }) => body.userId };

  router.post(
    '/devotional/:id/heart',
    requireUser,
    route(heartWrite, async (ctx, { params }) => {
      ctx.body = await service.heart(params.id, actorId(ctx));
    }),
  );

  router.delete(
    '/devotional/:id/heart',
    requireUser,
    route(heartWrite, async (ctx, { params }) => {
      ctx.body = await service.unheart(params.id, actorId(ctx));
    }),
  );

  router.get(
    '/devotionals',
    signedIn,
    route({ query: devotionalRangeQuerySchema, allow: editor }, async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.listDated(query.from, query.to);
    }),
  );

  // Creates or replaces that day's devotional: 201 when the day had none, else 200. A write to
  // /api/devotionals drops the cached /api/devotional/today answers and rendered pages (public-cache.ts).
  router.put(
    '/devotionals/:date',
    signedIn,
    route({ params: devotionalDatePathSchema, body: devotionalInputSchema, allow: editor }, async (ctx, { params, body }) => {
      const { devotional, created } = await service.writeDated(params.date, body);
      ctx.status = created ? 201 : 200;
      ctx.body = devotional;
    }),
  );

  router.delete(
    '/devotionals/:date',
    signedIn,
    route({ params: devotionalDatePathSchema, allow: editor }, async (ctx, { params }) => {
      await service.removeDated(params.date);
      ctx.status = 204;
    }),
  );

  return router;
}
