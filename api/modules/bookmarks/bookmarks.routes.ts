import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { requireUserId } from '../../middleware/auth.js';
import { bookmarksService } from './bookmarks.service.js';
import { foldersService } from './folders.service.js';

/** Bookmarks and bookmark folders ("categories" in the paths). All private: a session is required. */
export function bookmarkRoutes({ db }: AppDeps): Router {
  const bookmarks = bookmarksService(db);
  const folders = foldersService(db);
  const router = new Router();

  router.get('/users/:userId/bookmarks', async (ctx) => {
    const actorId = requireUserId(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await bookmarks.list(actorId, ctx.params.userId);
  });

  router.post('/bookmarks', async (ctx) => {
    const { bookmark, created } = await bookmarks.save(requireUserId(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = bookmark;
  });

  router.delete('/bookmarks', async (ctx) => {
    await bookmarks.remove(requireUserId(ctx), ctx.request.body);
    ctx.status = 204;
  });

  router.patch('/bookmarks/:bookmarkId', async (ctx) => {
    ctx.body = await bookmarks.move(requireUserId(ctx), ctx.params.bookmarkId, ctx.request.body);
  });

  router.get('/users/:userId/bookmark-categories', async (ctx) => {
    const actorId = requireUserId(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await folders.list(actorId, ctx.params.userId);
  });

  router.post('/bookmark-categories', async (ctx) => {
    const { folder, created } = await folders.create(requireUserId(ctx), ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = folder;
  });

  router.delete('/bookmark-categories/:id', async (ctx) => {
    await folders.remove(requireUserId(ctx), ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
