import { useEffect } from 'react';

export const SITE_NAME = 'context is key';

/** Sets the tab title to '{title} · context is key' (or the site name alone) while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
