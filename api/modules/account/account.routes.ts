import Router from '@koa/router';
import type { AppConfig } from '#api/config';
import type { Services } from '#api/services';

/** The account's API calls (contract/account.ts). */
export function accountRoutes(_services: Services): Router {
  return new Router();
}

/** The pages a mailed account link opens (contract/documents.ts, MAIL_LINK_PAGES; api/lib/server-page.ts). */
export function accountPages(_services: Services, _config: AppConfig): Router {
  return new Router();
}
