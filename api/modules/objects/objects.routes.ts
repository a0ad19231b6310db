import Router from '@koa/router';
import { z } from 'zod';
import type { StoredObject, UploadTicket } from '#contract';
import { route } from '#api/middleware/route';
import { actorId, requireUser } from '#api/middleware/auth';
import { ownOrigin } from '#api/middleware/same-origin';
import { IMMUTABLE } from '#api/middleware/static-pwa';
import { objectPath, type ObjectsService } from './objects.service';

/** The one-time upload target; its body is the raw file, not JSON. */
export const UPLOAD_PATH = /^\/api\/objects\/uploads\/[^/]+$/;

/** The one-time token of an upload URL, and a stored object's id: the service answers 404 for one it never issued. */
const tokenPath = z.object({ token: z.string() });
const objectIdPath = z.object({ id: z.string() });

export function objectRoutes(service: ObjectsService): Router {
  const router = new Router();

  router.post(
    '/objects/upload',
    requireUser,
    route({}, async (ctx) => {
      const { token } = await service.createTicket(actorId(ctx));
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { uploadURL: `${ownOrigin(ctx)}/api/objects/uploads/${token}` } satisfies UploadTicket;
    }),
  );

  // Uppy's XHR uploader PUTs the file itself (formData: false) with the file's Content-Type.
  router.put(
    '/objects/uploads/:token',
    route({ params: tokenPath }, async (ctx, { params }) => {
      try {
        const stored = await service.receiveUpload(params.token, ctx.req, ctx.get('Content-Length'));
        ctx.body = { objectURL: `${ownOrigin(ctx)}${objectPath(stored.id)}`, contentType: stored.contentType, size: stored.size } satisfies StoredObject;
      } catch (err) {
        // An oversized body is not drained: the connection closes once the 413 is sent.
        if ((err as { status?: number }).status === 413) ctx.set('Connection', 'close');
        throw err;
      }
    }),
  );

  return router;
}

/**
 * Serves stored uploads at `/objects/{id}` (mounted at the root, outside /api): public and
 * immutable (an id never gets other bytes), with an ETag from the bytes, so a revalidation that
 * still has them is a 304 without reading them from the database.
 */
export function publicObjectRoutes(service: ObjectsService): Router {
  const router = new Router();
  router.get(
    '/objects/:id',
    route({ params: objectIdPath }, async (ctx, { params }) => {
      const object = await service.findStored(params.id);
      ctx.set('Cache-Control', IMMUTABLE);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'");
      ctx.type = object.contentType;
      ctx.etag = object.etag;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = await object.body();
    }),
  );
  return router;
}
