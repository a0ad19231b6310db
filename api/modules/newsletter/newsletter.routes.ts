import Router from '@koa/router';
import { newsletterInputSchema } from '#contract';
import { requireEditor } from '#api/middleware/auth';
import { route } from '#api/middleware/route';
import type { UsersService } from '../users/users.service';
import type { NewsletterService } from './newsletter.service';
import type { AppConfig } from '#api/config';
import type { Services } from '#api/services';

export function newsletterRoutes({ newsletter: service, users }: { newsletter: NewsletterService; users: UsersService }): Router {
  const router = new Router();
  router.post(
    '/newsletter',
    route({ body: newsletterInputSchema }, async (ctx, { body }) => {
      // 200, not 201 for a new address: a different status would tell who is already subscribed.
      ctx.status = 200;
      ctx.body = await service.subscribe(body.email);
    }),
  );
  // The editor's desk (Subscribers): JSON, or the same list as a CSV file for `Accept: text/csv`.
  router.get(
    '/newsletter/subscribers',
    requireEditor(users.isEditorNow, 'Only editors can see the subscribers.'),
    route({}, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.vary('Accept');
      if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment('subscribers.csv');
        ctx.body = await service.subscribersCsv();
        return;
      }
      ctx.body = await service.subscribers();
    }),
  );
  return router;
}

/** The pages a newsletter mail's links open (contract/documents.ts, MAIL_LINK_PAGES; api/lib/server-page.ts). */
export function newsletterPages(_services: Services, _config: AppConfig): Router {
  return new Router();
}
