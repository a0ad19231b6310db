import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  deleteAccountInputSchema,
  forgotPasswordInputSchema,
  MAIL_LINK_PAGES,
  mailTokenSchema,
  pathIdSchema,
  resetPasswordInputSchema,
} from '#contract';
import type { AppConfig } from '#api/config';
import { AppError } from '#api/errors';
import { renderServerPage, type ServerPage } from '#api/lib/server-page';
import { actorId, requireUser } from '#api/middleware/auth';
import { route } from '#api/middleware/route';
import { ownOrigin } from '#api/middleware/same-origin';
import type { Services } from '#api/services';
import { BAD_EMAIL_LINK } from './account.service';

interface SessionHandle {
  userId?: number;
  regenerate: () => Promise<void>;
}

/**
 * Gives the request's session a new id for `userId`, keeping its lifetime ("remember me" or not):
 * after a reset it is a fresh sign-in, after a change of password the one session left standing.
 */
async function renewSession(ctx: Context, userId: number): Promise<void> {
  const session = ctx.session as unknown as SessionHandle;
  await session.regenerate();
  session.userId = userId;
}

/** A user's id in the path: only the signed-in user's own (401 signed out, 403 anyone else's, never 404). */
const userPath = z.object({ id: pathIdSchema });
const self = ({ params }: { params: { id: number } }) => params.id;

/** The account's API calls (contract/account.ts, docs/product.md#the-readers-account). */
export function accountRoutes({ account }: Services): Router {
  const router = new Router();

  // Both are rate-limited before they get here (middleware/rate-limit.ts).
  router.post(
    '/auth/forgot-password',
    route({ body: forgotPasswordInputSchema }, async (ctx, { body }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 202;
      ctx.body = await account.forgotPassword(body.login, ownOrigin(ctx));
    }),
  );

  router.post(
    '/auth/reset-password',
    route({ body: resetPasswordInputSchema }, async (ctx, { body }) => {
      const user = await account.resetPassword(body.token, body.password);
      await renewSession(ctx, user.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = user;
    }),
  );

  router.put(
    '/users/:id/password',
    requireUser,
    route({ params: userPath, body: changePasswordInputSchema, self }, async (ctx, { body }) => {
      const id = actorId(ctx);
      await account.changePassword(id, body);
      await renewSession(ctx, id);
      ctx.status = 204;
    }),
  );

  router.put(
    '/users/:id/email',
    requireUser,
    route({ params: userPath, body: changeEmailInputSchema, self }, async (ctx, { body }) => {
      ctx.status = 202;
      ctx.body = await account.requestEmailChange(actorId(ctx), body, ownOrigin(ctx));
    }),
  );

  router.get(
    '/users/:id/export',
    requireUser,
    route({ params: userPath, self }, async (ctx) => {
      const data = await account.exportData(actorId(ctx));
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', 'attachment; filename="context-is-key-data.json"');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify(data, null, 2);
    }),
  );

  router.delete(
    '/users/:id',
    requireUser,
    route({ params: userPath, body: deleteAccountInputSchema, self }, async (ctx, { body }) => {
      await account.deleteAccount(actorId(ctx), body.password);
      // The session's row went with the account; this clears the cookie.
      ctx.session = null;
      ctx.status = 204;
    }),
  );

  return router;
}

function page(ctx: Context, status: number, content: ServerPage): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = renderServerPage(content);
}

const badLink = (ctx: Context, message = BAD_EMAIL_LINK) =>
  page(ctx, 400, { title: 'This link does not work', paragraphs: [message], link: { href: '/profile', text: 'Go to your profile' } });

/**
 * The page an email change's link opens (contract/documents.ts, MAIL_LINK_PAGES.confirmEmail):
 * GET shows what will change and one button; its POST makes the change. Mail scanners open links
 * on their own, and a GET that used the one-use link would leave the reader a "used link" page.
 * No JavaScript needed either way.
 */
export function accountPages({ account }: Services, _config: AppConfig): Router {
  const router = new Router();
  const path = MAIL_LINK_PAGES.confirmEmail;

  const tokenOf = (ctx: Context): string | null => {
    const parsed = mailTokenSchema.safeParse(ctx.query.token);
    return parsed.success ? parsed.data : null;
  };

  router.get(path, async (ctx) => {
    const token = tokenOf(ctx);
    if (!token) return badLink(ctx);
    try {
      const { email } = await account.emailLink(token);
      page(ctx, 200, {
        title: 'Confirm your new email',
        paragraphs: [`Your account's email becomes ${email}.`],
        // The token rides in the action's query: the form sends no body, which the API's JSON-only writes accept.
        form: { action: `${path}?token=${encodeURIComponent(token)}`, fields: {}, button: 'Confirm my new email' },
      });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return badLink(ctx, err.message);
      throw err;
    }
  });

  router.post(path, async (ctx) => {
    const token = tokenOf(ctx);
    if (!token) return badLink(ctx);
    try {
      const { email } = await account.confirmEmail(token);
      page(ctx, 200, { title: 'Your email is changed', paragraphs: [`Your account's email is now ${email}. Sign in as before, with your username.`] });
    } catch (err) {
      if (err instanceof AppError && err.status === 409) {
        return page(ctx, 409, { title: 'That email is already in use', paragraphs: ['Another account uses this email now, so yours stays as it was.'], link: { href: '/profile', text: 'Go to your profile' } });
      }
      if (err instanceof AppError && err.status < 500) return badLink(ctx, err.message);
      throw err;
    }
  });

  return router;
}
