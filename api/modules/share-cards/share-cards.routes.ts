import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { idSchema } from '#contract';
import type { ShareCardKind } from '#contract/share-card';
import { route } from '#api/middleware/route';
import { IMMUTABLE } from '#api/middleware/static-pwa';
import type { ShareCard, ShareCardsService } from './share-cards.service';

/** A card's id must be a row id ('abc' or '007' is a 400); `v` is the version the page asked for. */
const cardPath = z.object({ id: idSchema('The card of an id that is not a whole number does not exist') });
const cardQuery = z.object({ v: z.string().optional() });

/** An address without the current version (none, or one from before an edit): an hour. */
const SHORT = 'public, max-age=3600';
/** A card drawn without its picture (its host did not answer): the picture is tried again after 10 minutes. */
const BRIEF = 'public, max-age=600';

/**
 * The share cards (docs/decisions/019-share-cards.md), public GETs at the root like the feeds:
 * `/cards/posts/{id}.png?v={version}` and `/cards/videos/{id}.png?v={version}`. Mounted before the
 * app's pages and files: a path with an extension is no page (api/lib/page-path.ts).
 */
export function shareCardRoutes(service: ShareCardsService): Router {
  const router = new Router();
  for (const kind of ['posts', 'videos'] as const satisfies ShareCardKind[]) {
    router.get(
      `/cards/${kind}/:id.png`,
      route({ params: cardPath, query: cardQuery }, async (ctx, { params, query }) => {
        send(ctx, await service.card(kind, params.id), query.v);
      }),
    );
  }
  return router;
}

function send(ctx: Context, card: ShareCard, askedVersion: string | undefined): void {
  // The versioned address names these bytes for good; any other is answered with the current
  // card, briefly, so a preview made before an edit shows the edit soon after.
  ctx.set('Cache-Control', !card.complete ? BRIEF : askedVersion === card.version ? IMMUTABLE : SHORT);
  // Shown by other sites (chat apps, search results), not only by this one.
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.type = 'image/png';
  ctx.etag = `"${card.version}${card.complete ? '' : '-nopicture'}"`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = card.png;
}
