import Router from '@koa/router';
import { createCommentInputSchema } from '#contract';
import { inputOf } from '#api/middleware/input';
import { ownInput } from '#api/middleware/own-data';
import type { CommentsService } from './comments.service';

export function commentRoutes(service: CommentsService): Router {
  const router = new Router();

  router.get('/comments', async (ctx) => {
    ctx.body = await service.list(ctx.query);
  });

  router.post('/comments', ...ownInput(createCommentInputSchema), async (ctx) => {
    const comment = await service.create(inputOf(ctx, createCommentInputSchema));
    ctx.status = 201;
    ctx.body = comment;
  });

  return router;
}
