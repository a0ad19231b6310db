import Router from '@koa/router';
import { createBlogPostInputSchema, importSubstackInputSchema } from '#contract';
import { sendJsonOrNull } from '#api/lib/respond';
import { actorId, requireEditor } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import type { UsersService } from '../users/users.service';
import type { BlogService } from './blog.service';

export function blogRoutes({ blog: service, users }: { blog: BlogService; users: UsersService }): Router {
  const router = new Router();
  // Writes are an editor's: 401 without a session, 403 for a reader, before the body is read.
  const editor = requireEditor(users.isEditorNow);

  router.get('/blog', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.list(ctx.query);
  });

  // Declared before /blog/:id, which would otherwise take "featured" for an id.
  router.get('/blog/featured', async (ctx) => {
    const post = await service.featured();
    cachePublicly(ctx);
    sendJsonOrNull(ctx, post);
  });

  router.post('/blog/create', editor, async (ctx) => {
    ctx.body = await service.create(actorId(ctx), createBlogPostInputSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  router.post('/blog/import-substack', editor, async (ctx) => {
    ctx.body = await service.importSubstack(actorId(ctx), importSubstackInputSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  router.get('/blog/:id', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.get(ctx.params.id);
  });

  router.post('/blog/:id/views', async (ctx) => {
    ctx.body = await service.recordView(ctx.params.id);
  });

  router.put('/blog/:id/featured', editor, async (ctx) => {
    ctx.body = await service.feature(ctx.params.id);
  });

  router.delete('/blog/:id', editor, async (ctx) => {
    await service.remove(ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
