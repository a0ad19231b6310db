import Router from '@koa/router';
import type { Context } from 'koa';
import { createBookmarkInputSchema, createFolderInputSchema, deleteBookmarkInputSchema, moveBookmarkInputSchema } from '../../../contract/index.js';
import { parseClientIdParam, parseNumericParam } from '../../lib/params.js';
import { actorId, requireSelf, requireUser } from '../../middleware/auth.js';
import { inputOf, validInput } from '../../middleware/input.js';
import type { BookmarksService } from './bookmarks.service.js';
import type { FoldersService } from './folders.service.js';

/** The `userId` of a path like /users/:userId/bookmarks (400 when it is not an id). */
const pathUserId = (ctx: Context) => parseNumericParam('userId', ctx.params.userId);

/** Bookmarks and bookmark folders ("categories" in the paths). All private: a session is required. */
export function bookmarkRoutes({ bookmarks, folders }: { bookmarks: BookmarksService; folders: FoldersService }): Router {
  const router = new Router();

  router.get('/users/:userId/bookmarks', requireUser, requireSelf(pathUserId), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await bookmarks.list(actorId(ctx));
  });

  router.post(
    '/bookmarks',
    requireUser,
    validInput(createBookmarkInputSchema),
    requireSelf((ctx) => inputOf(ctx, createBookmarkInputSchema).userId),
    async (ctx) => {
      const { bookmark, created } = await bookmarks.save(inputOf(ctx, createBookmarkInputSchema));
      ctx.status = created ? 201 : 200;
      ctx.body = bookmark;
    },
  );

  router.delete(
    '/bookmarks',
    requireUser,
    validInput(deleteBookmarkInputSchema),
    requireSelf((ctx) => inputOf(ctx, deleteBookmarkInputSchema).userId),
    async (ctx) => {
      await bookmarks.remove(inputOf(ctx, deleteBookmarkInputSchema));
      ctx.status = 204;
    },
  );

  router.patch('/bookmarks/:bookmarkId', requireUser, async (ctx) => {
    // The path's id is checked before the body, so a bad id is named first.
    const id = parseClientIdParam('bookmarkId', ctx.params.bookmarkId);
    ctx.body = await bookmarks.move(actorId(ctx), id, moveBookmarkInputSchema.parse(ctx.request.body));
  });

  router.get('/users/:userId/bookmark-categories', requireUser, requireSelf(pathUserId), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await folders.list(actorId(ctx));
  });

  router.post(
    '/bookmark-categories',
    requireUser,
    validInput(createFolderInputSchema),
    requireSelf((ctx) => inputOf(ctx, createFolderInputSchema).userId),
    async (ctx) => {
      const { folder, created } = await folders.create(inputOf(ctx, createFolderInputSchema));
      ctx.status = created ? 201 : 200;
      ctx.body = folder;
    },
  );

  router.delete('/bookmark-categories/:id', requireUser, async (ctx) => {
    await folders.remove(actorId(ctx), ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
