import Router from '@koa/router';
import { activityQuerySchema } from '#contract/queries';
import { requireEditor } from '#api/middleware/auth';
import { route } from '#api/middleware/route';
import type { UsersService } from '../users/users.service';
import type { ActivityService } from './activity.service';

export function activityRoutes({ activity, users }: { activity: ActivityService; users: UsersService }): Router {
  const router = new Router();
  router.get(
    '/activity',
    requireEditor(users.isEditorNow, 'Only editors can see the activity.'),
    route({ query: activityQuerySchema }, async (ctx, { query }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await activity.list(query.limit, query.before);
    }),
  );
  return router;
}
