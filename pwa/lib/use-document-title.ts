import { createContext, useContext, useEffect } from 'react';

export const SITE_NAME = 'context is key';
export const SITE_DESCRIPTION =
  'context is key: teaching videos, articles, a daily devotional and live Q&A for defending the faith and reading scripture in context.';

/**
 * What a page says about itself in the document's head: its title and description, the image and
 * kind of thing a link preview shows, structured data for search engines, and whether it is a
 * "not found" page (the server answers those with 404). The server renderer collects it while it
 * renders (see entry-server.tsx); in the browser the title and description follow the page.
 */
export interface PageHead {
  /** Without the site name; none is the site name alone (home). */
  title?: string;
  description?: string;
  /** An absolute or site-relative image for link previews. */
  image?: string | null;
  /** Its size in pixels, when known (a share card's: contract/share-card.ts). */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'article' | 'video.other';
  /** schema.org structured data (JSON-LD); a function is given the site's address (PUBLIC_URL). */
  jsonLd?: Record<string, unknown> | ((siteUrl: string) => Record<string, unknown>);
  notFound?: boolean;
}

/** The server renderer's collector: every call made while a page renders, in render order. */
export const PageHeadCollector = createContext<((head: PageHead) => void) | null>(null);

export const fullTitle = (title?: string): string => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

/** Sets what the page says about itself in the head (see PageHead); the page rendered last (innermost) wins. */
export function usePageHead(head: PageHead): void {
  const collect = useContext(PageHeadCollector);
  // On the server, while rendering: effects never run there.
  collect?.(head);
  const { title, description } = head;
  useEffect(() => {
    document.title = fullTitle(title);
    const meta = document.querySelector('meta[name="description"]');
    meta?.setAttribute('content', description ?? SITE_DESCRIPTION);
  }, [title, description]);
}

/** Sets the tab title to '{title} · context is key' (or the site name alone) while the page is shown. */
export function useDocumentTitle(title?: string): void {
  usePageHead({ title });
}
