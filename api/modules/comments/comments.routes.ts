import Router from '@koa/router';
import { createCommentInputSchema } from '../../../contract/index.js';
import { inputOf } from '../../middleware/input.js';
import { ownInput } from '../../middleware/own-data.js';
import type { CommentsService } from './comments.service.js';

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
