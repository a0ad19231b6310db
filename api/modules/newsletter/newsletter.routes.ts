import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { MAIL_LINK_PAGES, newsletterInputSchema, newsletterSendInputSchema, pathIdSchema, idSchema } from '#contract';
import { renderServerPage, type ServerPage } from '#api/lib/server-page';
import { actorId, requireEditor, requireSignIn } from '#api/middleware/auth';
import { route } from '#api/middleware/route';
import { ownOrigin } from '#api/middleware/same-origin';
import type { UsersService } from '../users/users.service';
import type { NewsletterService } from './newsletter.service';
import type { AppConfig } from '#api/config';
import type { Services } from '#api/services';

const sendPath = z.object({ id: pathIdSchema });
const sendsQuery = z.object({ postId: idSchema('postId must be a post id') });

export function newsletterRoutes({ newsletter: service, users }: { newsletter: NewsletterService; users: UsersService }): Router {
  const router = new Router();
  // 401 before the body is read, 400 for a bad one, then 403 for a reader (docs: API rules' order).
  const signedIn = requireSignIn('Please sign in as an editor.');
  const editor = requireEditor(users.isEditorNow, 'Only editors can send the newsletter.');

  router.post(
    '/newsletter',
    route({ body: newsletterInputSchema }, async (ctx, { body }) => {
      // 200, not 201 for a new address: a different status would tell who is already subscribed.
      ctx.status = 200;
      ctx.body = await service.subscribe(body.email, ownOrigin(ctx));
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

  // Sending a post (contract/newsletter-sends.ts): 202, the mail leaves through the queue.
  router.post(
    '/newsletter/sends',
    signedIn,
    route({ body: newsletterSendInputSchema, allow: editor }, async (ctx, { body }) => {
      const me = await users.me(actorId(ctx));
      ctx.body = await service.createSend({ ...body, editorId: me.id, editorEmail: me.email ?? '', requestOrigin: ownOrigin(ctx) });
      ctx.status = 202;
    }),
  );
  router.get(
    '/newsletter/sends',
    signedIn,
    route({ query: sendsQuery, allow: editor }, async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.sends(query.postId);
    }),
  );
  router.get(
    '/newsletter/sends/:id',
    signedIn,
    route({ params: sendPath, allow: editor }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.sendStatus(params.id);
    }),
  );
  return router;
}

/** A server page as the answer: never cached (a token's page), never indexed. */
function page(ctx: Context, status: number, content: ServerPage) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderServerPage(content);
}

const FORM_LIMIT = 4096;

/**
 * The form body of an unsubscribe POST (`List-Unsubscribe=One-Click`, RFC 8058, or the page's own
 * form), read here alone: the app's body parser reads JSON only (api/app.ts). Anything else, or
 * more than 4 kB, reads as no fields: the token in the address is the only authority anyway.
 */
async function formFields(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) return new URLSearchParams();
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const UNKNOWN_UNSUBSCRIBE: ServerPage = {
  title: 'This unsubscribe link is not valid',
  paragraphs: ['The link may be incomplete: open it again from the newsletter mail, or copy the whole address into the browser.'],
};
const UNSUBSCRIBED: ServerPage = {
  title: "You're unsubscribed",
  paragraphs: ['You will get no more newsletter mail from us, and your address has been deleted. You can subscribe again at any time on the home page.'],
};

/** The pages a newsletter mail's links open (contract/documents.ts, MAIL_LINK_PAGES; api/lib/server-page.ts). */
export function newsletterPages({ newsletter: service }: Services, _config: AppConfig): Router {
  const router = new Router();

  // Confirming is opening the link: a page that needs no JavaScript (docs/decisions/017-newsletter-double-opt-in.md).
  router.get(MAIL_LINK_PAGES.newsletterConfirm, async (ctx) => {
    if ((await service.confirm(firstOf(ctx.query.token))) === 'confirmed') {
      page(ctx, 200, { title: "You're subscribed", paragraphs: ['Thank you for confirming. New teaching videos, articles and devotionals will come to your inbox.', 'Every newsletter mail has a link to unsubscribe.'] });
      return;
    }
    page(ctx, 400, {
      title: 'This confirmation link is not valid',
      paragraphs: [
        'It may have been used already, have expired (a link lasts 7 days), or be incomplete. If you confirmed before, you are subscribed.',
        'Otherwise, subscribe again on the home page: a new link will come by mail.',
      ],
    });
  });

  // A GET only shows the button: link scanners open every link of a mail, and must not unsubscribe anyone.
  router.get(MAIL_LINK_PAGES.newsletterUnsubscribe, async (ctx) => {
    const token = firstOf(ctx.query.token);
    const state = await service.unsubscribeState(token);
    if (state === 'invalid') return page(ctx, 400, UNKNOWN_UNSUBSCRIBE);
    if (state === 'unsubscribed') return page(ctx, 200, UNSUBSCRIBED);
    page(ctx, 200, {
      title: 'Unsubscribe from the newsletter?',
      paragraphs: ['You will get no more newsletter mail from us, and your address will be deleted.'],
      form: { action: `${MAIL_LINK_PAGES.newsletterUnsubscribe}?token=${encodeURIComponent(String(token))}`, fields: { token: String(token) }, button: 'Unsubscribe' },
    });
  });

  // The page's form and a mail client's one-click POST (RFC 8058: form-encoded, no Origin, no
  // cookie). Exempt from the JSON-only rule in api/app.ts: the token is its only authority.
  router.post(MAIL_LINK_PAGES.newsletterUnsubscribe, async (ctx) => {
    const fields = await formFields(ctx);
    const token = firstOf(ctx.query.token) ?? fields.get('token') ?? undefined;
    if ((await service.unsubscribe(token)) === 'invalid') return page(ctx, 400, UNKNOWN_UNSUBSCRIBE);
    page(ctx, 200, UNSUBSCRIBED);
  });

  return router;
}
