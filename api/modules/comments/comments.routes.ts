import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requireUserId } from '../../middleware/auth.js';
import { commentsService } from './comments.service.js';

export function commentRoutes({ db }: AppDeps): Router {
  const service = commentsService(db);
  const router = new Router();

  router.get('/comments', async (ctx) => {
    ctx.body = await service.list(ctx.query);
  });

  router.post('/comments', async (ctx) => {
    const comment = await service.create(requireUserId(ctx), ctx.request.body);
    ctx.status = 201;
    ctx.body = comment;
  });

  return router;
}
