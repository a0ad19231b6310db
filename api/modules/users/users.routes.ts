import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { loginInputSchema, pathIdSchema, signupInputSchema, updateAvatarInputSchema, updateProfileInputSchema, type User } from '#contract';
import { route } from '#api/middleware/route';
import { actorId, requireUser, sessionUserId } from '#api/middleware/auth';
import { ownOrigin } from '#api/middleware/same-origin';
import type { UsersService } from './users.service';

interface SessionHandle {
  userId?: number;
  maxAge: number | 'session';
  regenerate: () => Promise<void>;
}

/** Starts a session; `remember: false` makes it a browser-session cookie. A new id prevents fixation. */
async function signIn(ctx: Context, user: User, remember: boolean): Promise<void> {
  const session = ctx.session as unknown as SessionHandle;
  await session.regenerate();
  session.userId = user.id;
  if (!remember) session.maxAge = 'session';
}

/** A user's id in the path: anything that is not one names no user (404, or 403 where it must be you). */
const userPath = z.object({ id: pathIdSchema });

export function userRoutes(service: UsersService): Router {
  const router = new Router();

  const signup = route({ body: signupInputSchema }, async (ctx, { body }) => {
    const { user, remember } = await service.signup(body);
    await signIn(ctx, user, remember);
    ctx.status = 201;
    ctx.body = user;
  });
  // Sign-up and sign-in are rate-limited before they get here (middleware/rate-limit.ts).
  router.post('/auth/signup', signup);
  router.post('/users', signup);

  router.post(
    '/auth/login',
    route({ body: loginInputSchema }, async (ctx, { body }) => {
      const { user, remember } = await service.login(body);
      await signIn(ctx, user, remember);
      ctx.body = user;
    }),
  );

  router.post(
    '/auth/logout',
    route({}, (ctx) => {
      ctx.session = null;
      ctx.body = { message: "You've been successfully logged out." };
    }),
  );

  router.get(
    '/auth/me',
    route({}, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.me(sessionUserId(ctx));
    }),
  );

  router.get(
    '/users/:id',
    route({ params: userPath }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.getProfile(params.id, sessionUserId(ctx));
    }),
  );

  // Only the signed-in user's own profile: 401 without a session, 400 for a bad body, 403 for any
  // other id (one that is not an id too: it names no user, so not you).
  router.put(
    '/users/:id/profile',
    requireUser,
    route({ params: userPath, body: updateProfileInputSchema, self: ({ params }) => params.id }, async (ctx, { body }) => {
      ctx.body = await service.updateProfile(actorId(ctx), body);
    }),
  );

  router.put(
    '/users/:id/avatar',
    requireUser,
    route({ params: userPath, body: updateAvatarInputSchema, self: ({ params }) => params.id }, async (ctx, { body }) => {
      ctx.body = await service.updateAvatar(actorId(ctx), body, ownOrigin(ctx));
    }),
  );

  return router;
}
