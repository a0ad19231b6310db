/** What a share asks the platform to pass on. */
export interface Shared {
  title: string;
  url: string;
  text?: string;
}

/** How a share went: the share sheet took it, the link was copied instead, the reader closed the sheet, or neither worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The browser's pieces a share uses: navigator itself in the app, a stand-in in tests. */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/**
 * The platform's share sheet (Web Share API: phones, most desktops) where there is one, else the
 * link copied to the clipboard. Closing the sheet is the reader's choice, not a failure: nothing
 * more happens. A sheet that fails otherwise falls back to copying.
 */
export async function shareLink(shared: Shared, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  const data: ShareData = { title: shared.title, url: shared.url, ...(shared.text ? { text: shared.text } : {}) };
  if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // NotAllowedError (no user activation left, a policy) and the like: copy instead.
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(shared.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
