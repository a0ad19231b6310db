import Router from '@koa/router';
import { z } from 'zod';
import { clientIdSchema, createBookmarkInputSchema, createFolderInputSchema, deleteBookmarkInputSchema, idSchema, moveBookmarkInputSchema } from '#contract';
import { sendSaved } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { actorId, requireUser } from '#api/middleware/auth';
import type { BookmarksService } from './bookmarks.service';
import type { FoldersService } from './folders.service';

/** The reader's own list, named by `:userId`: 400 when it is not an id, 403 when it is someone else's. */
const ownListPath = z.object({ userId: idSchema() });
/** A bookmark's or folder's client-minted id in the path: 400 naming it when it is not a UUID. */
const bookmarkPath = z.object({ bookmarkId: clientIdSchema });
const folderPath = z.object({ id: clientIdSchema });

/** Bookmarks and bookmark folders ("categories" in the paths and JSON). All private: a session is required. */
export function bookmarkRoutes({ bookmarks, folders }: { bookmarks: BookmarksService; folders: FoldersService }): Router {
  const router = new Router();

  router.get(
    '/users/:userId/bookmarks',
    requireUser,
    route({ params: ownListPath, self: ({ params }) => params.userId }, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await bookmarks.list(actorId(ctx));
    }),
  );

  router.post(
    '/bookmarks',
    requireUser,
    route({ body: createBookmarkInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      const { bookmark, created } = await bookmarks.save(body);
      sendSaved(ctx, bookmark, created);
    }),
  );

  router.delete(
    '/bookmarks',
    requireUser,
    route({ body: deleteBookmarkInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      await bookmarks.remove(body);
      ctx.status = 204;
    }),
  );

  // The path's id is checked before the body, so a bad id is named first.
  router.patch(
    '/bookmarks/:bookmarkId',
    requireUser,
    route({ params: bookmarkPath, body: moveBookmarkInputSchema }, async (ctx, { params, body }) => {
      ctx.body = await bookmarks.move(actorId(ctx), params.bookmarkId, body.categoryId);
    }),
  );

  router.get(
    '/users/:userId/bookmark-categories',
    requireUser,
    route({ params: ownListPath, self: ({ params }) => params.userId }, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await folders.list(actorId(ctx));
    }),
  );

  router.post(
    '/bookmark-categories',
    requireUser,
    route({ body: createFolderInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      const { folder, created } = await folders.create(body);
      sendSaved(ctx, folder, created);
    }),
  );

  router.delete(
    '/bookmark-categories/:id',
    requireUser,
    route({ params: folderPath }, async (ctx, { params }) => {
      await folders.remove(actorId(ctx), params.id);
      ctx.status = 204;
    }),
  );

  return router;
}
