/**
 * Documents for feed readers, crawlers and link checkers that the server writes at the root of
 * the site. They are never pages of the app: the server answers them before the app's shell, and
 * the service worker leaves them to the network (a feed reader must never get the offline shell).
 */
export const SITE_DOCUMENTS = {
  rss: '/feed.xml',
  jsonFeed: '/feed.json',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

export const SITE_DOCUMENT_PATHS: readonly string[] = Object.values(SITE_DOCUMENTS);

/**
 * Pages a mailed link opens, which the server writes itself (api/lib/server-page.ts): they work
 * without JavaScript, so the service worker leaves them to the network like the documents.
 */
export const MAIL_LINK_PAGES = {
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  confirmEmail: '/confirm-email',
} as const;
