import Router from '@koa/router';
import { newsletterInputSchema } from '#contract';
import { route } from '#api/middleware/route';
import type { NewsletterService } from './newsletter.service';

export function newsletterRoutes(service: NewsletterService): Router {
  const router = new Router();
  router.post(
    '/newsletter',
    route({ body: newsletterInputSchema }, async (ctx, { body }) => {
      // 200, not 201 for a new address: a different status would tell who is already subscribed.
      ctx.status = 200;
      ctx.body = await service.subscribe(body.email);
    }),
  );
  return router;
}
