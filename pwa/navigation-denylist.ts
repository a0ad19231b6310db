import { MAIL_LINK_PAGES, SITE_DOCUMENT_PATHS } from '#contract/documents';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Navigations the service worker never answers with the app's shell: a missing answer there must
 * stay a failed request (or the server's own document), not a page of HTML. Workbox tests each
 * pattern against the path and query together (`/feed.xml?utm_source=x`); the documents match
 * as the server's router does, in any case and with or without a trailing slash.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/objects\//,
  // Share cards: a PNG opened in a tab of its own is a navigation too (docs/decisions/019-share-cards.md).
  /^\/cards\//,
  ...[...SITE_DOCUMENT_PATHS, ...Object.values(MAIL_LINK_PAGES)].map((path) => new RegExp(`^${escapeRegExp(path)}/?(\\?|$)`, 'i')),
];
