import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { newsletterService } from './newsletter.service.js';

export function newsletterRoutes({ db }: AppDeps): Router {
  const service = newsletterService(db);
  const router = new Router();
  router.post('/newsletter', async (ctx) => {
    // 200, not 201 for a new address: a different status would tell who is already subscribed.
    ctx.status = 200;
    ctx.body = await service.subscribe(ctx.request.body);
  });
  return router;
}
