import Router from '@koa/router';
import type { AppDeps } from '../../app.js';

export function liveRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
