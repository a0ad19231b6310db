import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import type { AppDeps } from './deps';
import { clientWentAway, decodingErrorsAsBadRequest, errorHandler } from './errors';
import { transactionAware } from './lib/request-transaction';
import { assetsInMemory } from './middleware/assets-in-memory';
import { idempotency } from './middleware/idempotency';
import { publicCache } from './middleware/public-cache';
import { rateLimits } from './middleware/rate-limit';
import { requestLog } from './middleware/request-log';
import { sameOriginWrites } from './middleware/same-origin';
import { serverRender } from './middleware/server-render';
import { sessionMiddleware } from './middleware/session';
import { staticPwa } from './middleware/static-pwa';
import { syncBatch } from './middleware/sync-batch';
import { accountPages, accountRoutes } from './modules/account/account.routes';
import { blogRoutes } from './modules/blog/blog.routes';
import { bookmarkRoutes } from './modules/bookmarks/bookmarks.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { devotionalRoutes } from './modules/devotionals/devotionals.routes';
import { feedRoutes } from './modules/feeds/feeds.routes';
import { liveRoutes } from './modules/live/live.routes';
import { newsletterPages, newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { editorActivity } from './middleware/editor-activity';
import { objectRoutes, publicObjectRoutes, UPLOAD_PATH } from './modules/objects/objects.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { searchRoutes } from './modules/search/search.routes';
import { shareCardRoutes } from './modules/share-cards/share-cards.routes';
import { userRoutes } from './modules/users/users.routes';
import { videoRoutes } from './modules/videos/videos.routes';
import { createServices } from './services';

export type { AppDeps };

/** Builds the Koa app; never listens (server.ts does), so tests mount it on an ephemeral port. */
export function createApp(rawDeps: AppDeps): Koa {
  const { config, events } = rawDeps;
  // Routes query through a handle that follows the request's transaction, which the idempotency
  // middleware opens for a keyed write (see request-transaction.ts); elsewhere it is the pool.
  const db = transactionAware(rawDeps.db);
  const deps: AppDeps = { config, db, events };
  // Behind N proxies, each appends the address it saw to X-Forwarded-For: the client's own address
  // is the Nth entry from the end, and anything left of it is whatever the client wrote. So ctx.ip
  // takes the last N entries only (maxIpsCount), and with no proxy trusted ignores the header.
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops, keys: [config.sessionSecret] });

  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    if (clientWentAway(err)) return;
    console.error(`[error] ${ctx ? `${ctx.method} ${ctx.path}` : ''}`, err);
  });

  const services = createServices(deps);
  const api = new Router({ prefix: '/api' });
  for (const routes of [
    userRoutes(services.users),
    objectRoutes(services.objects),
    devotionalRoutes(services),
    videoRoutes(services),
    blogRoutes(services),
    searchRoutes(services.search),
    bookmarkRoutes(services),
    progressRoutes(services.progress),
    commentRoutes(services),
    liveRoutes(services.live, deps.events, services.users.isEditorNow, { perAddress: config.eventStreamsPerAddress, keySecret: config.sessionSecret }),
    newsletterRoutes(services),
    activityRoutes(services),
    accountRoutes(services),
  ]) {
    api.use(routes.routes(), routes.allowedMethods({ throw: false }));
  }

  // Answers public GETs still fresh in memory before the rest of the stack runs (see public-cache.ts).
  const cache = publicCache({ ttlMs: config.publicCacheMs });
  // A stream the desk saved on any process: current and upcoming (and the pages built from them)
  // answer it here at once, not a TTL later (docs/decisions/012-live-events.md).
  events.subscribe((event) => {
    if (event.kind === 'stream') cache.drop(['live-streams']);
  });
  app.use(requestLog(config.logRequests));
  app.use(errorHandler);
  app.use(cache.serve);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The YouTube IFrame API (the watch page's player, which remembers the position) and the script it loads.
          scriptSrc: ["'self'", 'https://www.youtube.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://img.youtube.com', 'https:'],
          frameSrc: ['https://www.youtube-nocookie.com'],
          // The video platform's image hosts: 'Save for offline' downloads a video's thumbnail into
          // the saved pictures' cache (pwa/offline/saved-pictures.ts), a fetch() from the page.
          connectSrc: ["'self'", 'https://i.ytimg.com', 'https://img.youtube.com'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.env === 'production',
    }),
  );
  // The build's hashed files, from memory: before compression, the session and the API (see assets-in-memory.ts).
  app.use(assetsInMemory(config.distDir));
  app.use(compressUnlessRefused(compress({ threshold: 1024 })));
  // Before the session: a public answer is stored without any session lookup.
  app.use(cache.fill);
  app.use(sessionMiddleware(app, db, { httpsOrigin: config.publicUrl?.startsWith('https:') ?? false }));
  // The file upload's raw body; RFC 8058's one-click unsubscribe, form-encoded and from anywhere
  // (its token is its only authority: docs/decisions/017-newsletter-double-opt-in.md).
  const oneClickUnsubscribe = /^\/newsletter\/unsubscribe\/?$/i;
  app.use(sameOriginWrites([UPLOAD_PATH, oneClickUnsubscribe], { anyOriginPaths: [oneClickUnsubscribe] }));
  app.use(
    decodingErrorsAsBadRequest(
      bodyParser({
        enableTypes: ['json'],
        // DELETE carries a JSON body too (heart and bookmark removal send the userId).
        parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
        jsonLimit: '256kb',
        encoding: 'utf-8',
      }),
    ),
  );
  // Before idempotency, and on the pool rather than the request's transaction: see rate-limit.ts.
  const limits = config.rateLimits ? rateLimits({ db: rawDeps.db, limits: config.rateLimits }) : null;
  // Inside idempotency: a keyed editor write and its Activity record commit together.
  const handlers = [editorActivity(services.activity.record), api.routes(), api.allowedMethods({ throw: false })] as Koa.Middleware[];
  // The outbox's queued writes in one request: each goes through what follows here as if it had
  // come alone, its refusal answered by the error middleware as its own and its write dropping
  // the public answers it made stale. A few writes share a database transaction, each in a
  // savepoint of it: there the limits and the keys are kept on the batch's transaction (on
  // SQLite, the pool would wait for it), which commits what they counted with the writes
  // (docs/decisions/020-queued-writes-in-one-request.md).
  const batchLimits = config.rateLimits ? rateLimits({ db, limits: config.rateLimits }) : null;
  app.use(syncBatch(app, rawDeps.db, [errorHandler, cache.fill, ...(batchLimits ? [batchLimits] : []), idempotency(db), ...handlers]));
  if (limits) app.use(limits);
  app.use(idempotency(rawDeps.db));
  for (const middleware of handlers) app.use(middleware);
  app.use(publicObjectRoutes(services.objects).routes());
  app.use(feedRoutes(services.feeds, config.publicUrl).routes());
  app.use(shareCardRoutes(services.shareCards).routes());
  // Where mailed links land: server pages that need no JavaScript (api/lib/server-page.ts).
  app.use(newsletterPages(services, config).routes());
  app.use(accountPages(services, config).routes());
  app.use(serverRender({ distDir: config.distDir, publicUrl: config.publicUrl }));
  app.use(staticPwa(config.distDir));
  return app;
}

/**
 * koa-compress, left out for a client that refuses every coding, identity too (`*;q=0`,
 * `identity;q=0`): it would set `Content-Encoding: undefined`, which Node refuses (a 500). Such a
 * client gets the answer as it is, as RFC 9110 (12.5.3) lets a server do.
 */
function compressUnlessRefused(compressing: Koa.Middleware): Koa.Middleware {
  return (ctx, next) => (ctx.acceptsEncodings('br', 'gzip', 'deflate', 'identity') === false ? next() : compressing(ctx, next));
}
