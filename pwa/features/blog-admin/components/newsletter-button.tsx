// What the desk's list and form show of the newsletter before its chunk (newsletter-send.tsx)
// loads: the dialog, the progress and the form's panel, fetched when first needed.
import { lazyExport } from '#pwa/lib/lazy-part';

export { NewsletterIcon, SEND_AGAIN, SEND_AS_NEWSLETTER, SENDING_OFFLINE } from './newsletter-labels';

/** The confirmation and the progress, fetched when first needed. */
export const SendNewsletterDialog = lazyExport(() => import('./newsletter-send'), 'SendNewsletterDialog');
export const SendProgress = lazyExport(() => import('./newsletter-send'), 'SendProgress');
export const NewsletterPanel = lazyExport(() => import('./newsletter-send'), 'NewsletterPanel');
