import Router from '@koa/router';
import { z } from 'zod';
import { createBlogPostInputSchema, importSubstackInputSchema, pathIdSchema } from '#contract';
import { blogListQuerySchema } from '#contract/queries';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { actorId, requireEditor } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import type { UsersService } from '../users/users.service';
import type { BlogService } from './blog.service';

/** A post's id in the path: anything that is not one names no post (404 Article not found). */
const postPath = z.object({ id: pathIdSchema });

export function blogRoutes({ blog: service, users }: { blog: BlogService; users: UsersService }): Router {
  const router = new Router();
  // Writes are an editor's: 401 without a session, 403 for a reader, before the body is read.
  const editor = requireEditor(users.isEditorNow);

  router.get(
    '/blog',
    route({ query: blogListQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.list(query);
    }),
  );

  // Declared before /blog/:id, which would otherwise take "featured" for an id.
  router.get(
    '/blog/featured',
    route({}, async (ctx) => {
      const post = await service.featured();
      cachePublicly(ctx);
      sendJsonOrNull(ctx, post);
    }),
  );

  router.post(
    '/blog/create',
    editor,
    route({ body: createBlogPostInputSchema }, async (ctx, { body }) => {
      ctx.body = await service.create(actorId(ctx), body);
      ctx.status = 201;
    }),
  );

  router.post(
    '/blog/import-substack',
    editor,
    route({ body: importSubstackInputSchema }, async (ctx, { body }) => {
      ctx.body = await service.importSubstack(actorId(ctx), body);
      ctx.status = 201;
    }),
  );

  router.get(
    '/blog/:id',
    route({ params: postPath }, async (ctx, { params }) => {
      cachePublicly(ctx);
      ctx.body = await service.get(params.id);
    }),
  );

  router.post(
    '/blog/:id/views',
    route({ params: postPath }, async (ctx, { params }) => {
      ctx.body = await service.recordView(params.id);
    }),
  );

  router.put(
    '/blog/:id/featured',
    editor,
    route({ params: postPath }, async (ctx, { params }) => {
      ctx.body = await service.feature(params.id);
    }),
  );

  router.delete(
    '/blog/:id',
    editor,
    route({ params: postPath }, async (ctx, { params }) => {
      await service.remove(params.id);
      ctx.status = 204;
    }),
  );

  return router;
}
