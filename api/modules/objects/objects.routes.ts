import Router from '@koa/router';
import type { AppDeps } from '../../app.js';

export function objectRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}

/** The one-time upload target; its body is the raw file, not JSON. */
export const UPLOAD_PATH = /^\/api\/objects\/uploads\/[^/]+$/;

export function publicObjectRoutes(_deps: AppDeps): Router {
  return new Router();
}
