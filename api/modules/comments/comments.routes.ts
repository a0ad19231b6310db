import Router from '@koa/router';
import { commentsQuerySchema, createCommentInputSchema } from '#contract';
import { route } from '#api/middleware/route';
import { requireUser } from '#api/middleware/auth';
import type { CommentsService } from './comments.service';

export function commentRoutes(service: CommentsService): Router {
  const router = new Router();

  router.get(
    '/comments',
    route({ query: commentsQuerySchema }, async (ctx, { query }) => {
      ctx.body = await service.list(query);
    }),
  );

  // 401 without a session, then 400 for a bad body, then 403 for someone else's userId.
  router.post(
    '/comments',
    requireUser,
    route({ body: createCommentInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      const comment = await service.create(body);
      ctx.status = 201;
      ctx.body = comment;
    }),
  );

  return router;
}
