import Router from '@koa/router';
import { z } from 'zod';
import type { Context } from 'koa';
import { createBlogPostInputSchema, idSchema, importSubstackInputSchema, pathIdSchema, updateBlogPostInputSchema } from '#contract';
import { blogListQuerySchema, postReadQuerySchema, postStateFilterSchema } from '#contract/queries';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { actorId, requireEditor, sessionUserId } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import { ownOrigin } from '#api/middleware/same-origin';
import type { UsersService } from '../users/users.service';
import type { BlogService } from './blog.service';

/** A post's id in the path: anything that is not one names no post (404 Article not found). */
const postPath = z.object({ id: pathIdSchema });
const versionPath = z.object({ id: pathIdSchema, version: idSchema('version must be a version number') });

export function blogRoutes({ blog: service, users }: { blog: BlogService; users: UsersService }): Router {
  const router = new Router();
  // Writes are an editor's: 401 without a session, 403 for a reader, before the body is read.
  const editor = requireEditor(users.isEditorNow);
  /** Whether the signed-in reader (if any) is an editor now: the desk's reads of drafts. */
  const isEditor = async (ctx: Context) => {
    const id = sessionUserId(ctx);
    return id !== null && (await users.isEditorNow(id)) === true;
  };

  // With `?status=` (the desk's), never answered from or into the public cache: an editor gets
  // drafts and scheduled posts, searched by `q` (docs/product.md#blog-management), a reader
  // (whose status and q are ignored) what readers see.
  router.get(
    '/blog',
    route({ query: blogListQuerySchema }, async (ctx, { query }) => {
      const { status, q, ...list } = query;
      if (status === undefined) {
        cachePublicly(ctx);
        ctx.body = await service.list(list);
        return;
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = (await isEditor(ctx)) ? await service.listForEditor({ ...list, q, state: z.parse(postStateFilterSchema, status) }) : await service.list(list);
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
      ctx.body = await service.create(actorId(ctx), body, ownOrigin(ctx));
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
    route({ params: postPath, query: postReadQuerySchema }, async (ctx, { params, query }) => {
      if (query.status === undefined) {
        cachePublicly(ctx);
        ctx.body = await service.get(params.id);
        return;
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.body = (await isEditor(ctx)) ? await service.getForEditor(params.id) : await service.get(params.id);
    }),
  );

  router.put(
    '/blog/:id',
    editor,
    route({ params: postPath, body: updateBlogPostInputSchema }, async (ctx, { params, body }) => {
      ctx.body = await service.update(actorId(ctx), params.id, body, ownOrigin(ctx));
    }),
  );

  router.get(
    '/blog/:id/versions',
    editor,
    route({ params: postPath }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.versions(params.id);
    }),
  );

  router.get(
    '/blog/:id/versions/:version',
    editor,
    route({ params: versionPath }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.version(params.id, params.version);
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
