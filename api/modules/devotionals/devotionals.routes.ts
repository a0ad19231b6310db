import Router from '@koa/router';
import type { AppDeps } from '../../app.js';

export function devotionalRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
