import Router from '@koa/router';
import { z } from 'zod';
import { commentHiddenInputSchema, commentsQuerySchema, createCommentInputSchema, pathIdSchema, reportCommentInputSchema, reportedCommentsQuerySchema } from '#contract';
import { route } from '#api/middleware/route';
import { actorId, requireEditor, requireSignIn, requireUser } from '#api/middleware/auth';
import type { UsersService } from '../users/users.service';
import type { CommentsService } from './comments.service';

/** A comment's id in the path: anything that is not one names no comment (404). */
const commentPath = z.object({ id: pathIdSchema });

// Every write here is under /api/comments, so a successful one drops the cached rendered pages
// that show comments (public-cache.ts, server-render.ts); the comment lists themselves are never cached.
export function commentRoutes({ comments: service, users }: { comments: CommentsService; users: UsersService }): Router {
  const router = new Router();
  // The desk's calls: 401 without a session, then 400 for a bad query or body, then 403 for a
  // reader (the role read at each request), then the handler's 404.
  const signedIn = requireSignIn('Please sign in as an editor.');
  const editor = requireEditor(users.isEditorNow, 'Only editors can moderate comments.');
  const editorForOthers = requireEditor(users.isEditorNow, 'You can only delete your own comments.');

  router.get(
    '/comments',
    route({ query: commentsQuerySchema }, async (ctx, { query }) => {
      ctx.body = await service.list(query);
    }),
  );

  // 401 without a session, then 400 for a bad body, then 403 for someone else's userId.
  router.post(
    '/comments',
    requireUser,
    route({ body: createCommentInputSchema, self: ({ body }) => body.userId }, async (ctx, { body }) => {
      const comment = await service.create(body);
      ctx.status = 201;
      ctx.body = comment;
    }),
  );

  // The desk's queue: reported comments that are not hidden, most reported first. Declared before
  // any /comments/:id route could take "reported" for an id.
  router.get(
    '/comments/reported',
    signedIn,
    route({ query: reportedCommentsQuerySchema, allow: editor }, async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await service.reported(query.limit);
    }),
  );

  // A signed-in reader reports someone else's comment: 201; 403 their own, 404 unknown or hidden, 409 already reported.
  router.post(
    '/comments/:id/report',
    requireUser,
    route({ params: commentPath, body: reportCommentInputSchema }, async (ctx, { params, body }) => {
      ctx.body = await service.report(actorId(ctx), params.id, body.reason);
      ctx.status = 201;
    }),
  );

  // The author deletes their own comment; anyone else must be an editor (and then it is an editor's
  // write, on the desk's Activity). 404 first: whose a comment is cannot be told before it is found.
  router.delete(
    '/comments/:id',
    requireUser,
    route({ params: commentPath }, async (ctx, { params }) => {
      const remove = async () => {
        await service.remove(params.id);
        ctx.status = 204;
      };
      if ((await service.authorOf(params.id)) === actorId(ctx)) await remove();
      else await editorForOthers(ctx, remove);
    }),
  );

  router.put(
    '/comments/:id/hidden',
    signedIn,
    route({ params: commentPath, body: commentHiddenInputSchema, allow: editor }, async (ctx, { params, body }) => {
      ctx.body = await service.setHidden(params.id, body.hidden);
    }),
  );

  // "Dismiss" on the desk: the comment stays up, its reports are cleared.
  router.delete(
    '/comments/:id/reports',
    signedIn,
    route({ params: commentPath, allow: editor }, async (ctx, { params }) => {
      await service.dismissReports(params.id);
      ctx.status = 204;
    }),
  );

  return router;
}
