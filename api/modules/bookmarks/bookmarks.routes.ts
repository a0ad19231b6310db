import Router from '@koa/router';
import { createBookmarkInputSchema, createFolderInputSchema, deleteBookmarkInputSchema, moveBookmarkInputSchema } from '#contract';
import { parseClientIdParam } from '#api/lib/params';
import { sendSaved } from '#api/lib/respond';
import { actorId, requireUser } from '#api/middleware/auth';
import { inputOf } from '#api/middleware/input';
import { ownDataInPath, ownInput } from '#api/middleware/own-data';
import type { BookmarksService } from './bookmarks.service';
import type { FoldersService } from './folders.service';

/** Bookmarks and bookmark folders ("categories" in the paths). All private: a session is required. */
export function bookmarkRoutes({ bookmarks, folders }: { bookmarks: BookmarksService; folders: FoldersService }): Router {
  const router = new Router();

  router.get('/users/:userId/bookmarks', ...ownDataInPath, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await bookmarks.list(actorId(ctx));
  });

  router.post('/bookmarks', ...ownInput(createBookmarkInputSchema), async (ctx) => {
    const { bookmark, created } = await bookmarks.save(inputOf(ctx, createBookmarkInputSchema));
    sendSaved(ctx, bookmark, created);
  });

  router.delete('/bookmarks', ...ownInput(deleteBookmarkInputSchema), async (ctx) => {
    await bookmarks.remove(inputOf(ctx, deleteBookmarkInputSchema));
    ctx.status = 204;
  });

  router.patch('/bookmarks/:bookmarkId', requireUser, async (ctx) => {
    // The path's id is checked before the body, so a bad id is named first.
    const id = parseClientIdParam('bookmarkId', ctx.params.bookmarkId);
    ctx.body = await bookmarks.move(actorId(ctx), id, moveBookmarkInputSchema.parse(ctx.request.body));
  });

  router.get('/users/:userId/bookmark-categories', ...ownDataInPath, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await folders.list(actorId(ctx));
  });

  router.post('/bookmark-categories', ...ownInput(createFolderInputSchema), async (ctx) => {
    const { folder, created } = await folders.create(inputOf(ctx, createFolderInputSchema));
    sendSaved(ctx, folder, created);
  });

  router.delete('/bookmark-categories/:id', requireUser, async (ctx) => {
    await folders.remove(actorId(ctx), ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
