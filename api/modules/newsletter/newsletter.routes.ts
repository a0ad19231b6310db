import Router from '@koa/router';
import type { NewsletterService } from './newsletter.service';

export function newsletterRoutes(service: NewsletterService): Router {
  const router = new Router();
  router.post('/newsletter', async (ctx) => {
    // 200, not 201 for a new address: a different status would tell who is already subscribed.
    ctx.status = 200;
    ctx.body = await service.subscribe(ctx.request.body);
  });
  return router;
}
