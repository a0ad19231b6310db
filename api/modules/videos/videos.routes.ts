import Router from '@koa/router';
import { z } from 'zod';
import { pathIdSchema, videoInputSchema } from '#contract';
import { popularVideosQuerySchema, videoListQuerySchema } from '#contract/queries';
import { parseYoutubeLink, YOUTUBE_LINK_RULE } from '#contract/youtube-link';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { requireEditor, requireSignIn } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import type { UsersService } from '../users/users.service';
import type { VideoFields, VideosService } from './videos.service';

/** A video's id in the path: anything that is not one names no video (404). */
const videoPath = z.object({ id: pathIdSchema });

/**
 * The desk's video, as the contract says it, with its `url` read as a YouTube link: a link of
 * another form is a 400 on `url` like any other bad field (before the 403 of a reader).
 */
const videoBody = z.pipe(
  videoInputSchema,
  z.transform((input, ctx): VideoFields => {
    const { url, ...fields } = input;
    const link = parseYoutubeLink(url);
    if (!link) {
      ctx.issues.push({ code: 'custom', message: YOUTUBE_LINK_RULE, input: url, path: ['url'] });
      return z.NEVER;
    }
    return { ...fields, ...link };
  }),
);

export function videoRoutes({ videos: service, users }: { videos: VideosService; users: UsersService }): Router {
  const router = new Router();
  // The desk's writes: 401 without a session, then 400 for a bad id or body, then 403 for a reader
  // (the role read at each request), then the handler's 404 and 409. A write under /api/videos
  // drops the cached videos lists, featured, popular, the video, search, the sitemap and rendered
  // pages (public-cache.ts); the search index follows the table by itself (migration 002).
  const signedIn = requireSignIn('Please sign in as an editor.');
  const editor = requireEditor(users.isEditorNow, 'Only editors can manage videos.');

  router.get(
    '/videos',
    route({ query: videoListQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.list(query);
    }),
  );

  // Declared before /videos/:id so these words are never read as ids.
  router.get(
    '/videos/featured',
    route({}, async (ctx) => {
      const video = await service.featured();
      cachePublicly(ctx);
      sendJsonOrNull(ctx, video);
    }),
  );

  router.get(
    '/videos/popular',
    route({ query: popularVideosQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.popular(query.limit);
    }),
  );

  router.get(
    '/videos/:id',
    route({ params: videoPath }, async (ctx, { params }) => {
      cachePublicly(ctx);
      ctx.body = await service.get(params.id);
    }),
  );

  router.post(
    '/videos',
    signedIn,
    route({ body: videoBody, allow: editor }, async (ctx, { body }) => {
      ctx.body = await service.create(body);
      ctx.status = 201;
    }),
  );

  router.put(
    '/videos/:id',
    signedIn,
    route({ params: videoPath, body: videoBody, allow: editor }, async (ctx, { params, body }) => {
      ctx.body = await service.update(params.id, body);
    }),
  );

  router.delete(
    '/videos/:id',
    signedIn,
    route({ params: videoPath, allow: editor }, async (ctx, { params }) => {
      await service.remove(params.id);
      ctx.status = 204;
    }),
  );

  router.put(
    '/videos/:id/featured',
    signedIn,
    route({ params: videoPath, allow: editor }, async (ctx, { params }) => {
      ctx.body = await service.feature(params.id);
    }),
  );

  router.post(
    '/videos/:id/views',
    route({ params: videoPath }, async (ctx, { params }) => {
      ctx.body = await service.countView(params.id);
    }),
  );

  return router;
}
