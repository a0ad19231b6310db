import Router from '@koa/router';
import type { AppDeps } from '../../app.js';

export function bookmarkRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
