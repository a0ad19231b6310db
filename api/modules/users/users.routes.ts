import Router from '@koa/router';
import type { Context } from 'koa';
import { actorId, requireSelf, sessionUserId } from '#api/middleware/auth';
import { ownOrigin } from '#api/middleware/same-origin';
import { loginInputSchema, rowIdFromPath, signupInputSchema, updateAvatarInputSchema, updateProfileInputSchema, type User } from '#contract';
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

export function userRoutes(service: UsersService): Router {
  const router = new Router();

  const signup = async (ctx: Context) => {
    const { user, remember } = await service.signup(signupInputSchema.parse(ctx.request.body));
    await signIn(ctx, user, remember);
    ctx.status = 201;
    ctx.body = user;
  };
  // Sign-up and sign-in are rate-limited before they get here (middleware/rate-limit.ts).
  router.post('/auth/signup', signup);
  router.post('/users', signup);

  router.post('/auth/login', async (ctx) => {
    const { user, remember } = await service.login(loginInputSchema.parse(ctx.request.body));
    await signIn(ctx, user, remember);
    ctx.body = user;
  });

  router.post('/auth/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { message: "You've been successfully logged out." };
  });

  router.get('/auth/me', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.me(sessionUserId(ctx));
  });

  router.get('/users/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.getProfile(ctx.params.id, sessionUserId(ctx));
  });

  // Only the signed-in user's own profile: 401 without a session, 403 for any other id (a malformed one too).
  const selfFromPath = requireSelf((ctx) => rowIdFromPath(ctx.params.id) ?? Number.NaN);

  router.put('/users/:id/profile', selfFromPath, async (ctx) => {
    ctx.body = await service.updateProfile(actorId(ctx), updateProfileInputSchema.parse(ctx.request.body ?? {}));
  });

  router.put('/users/:id/avatar', selfFromPath, async (ctx) => {
    ctx.body = await service.updateAvatar(actorId(ctx), updateAvatarInputSchema.parse(ctx.request.body ?? {}), ownOrigin(ctx));
  });

  return router;
}
