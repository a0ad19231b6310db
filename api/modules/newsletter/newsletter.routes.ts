import Router from '@koa/router';
import type { AppDeps } from '../../app.js';
import { newsletterService } from './newsletter.service.js';

export function newsletterRoutes({ db }: AppDeps): Router {
  const service = newsletterService(db);
  const router = new Router();
  router.post('/newsletter', async (ctx) => {
    const result = await service.subscribe(ctx.request.body);
    ctx.status = result.created ? 201 : 200;
    ctx.body = { message: result.message };
  });
  return router;
}
