/** What another app shares with the installed app (the manifest's share_target, GET /share). */
export interface SharedIn {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}

/** The path of the manifest's share_target. */
export const SHARE_TARGET_PATH = '/share';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;

/**
 * Where a share from another app leads, as a path of this site: a link to one of our own pages
 * opens that page (apps often put the link in `text`, not `url`); anything else is searched for,
 * by its words rather than a foreign address; nothing usable opens home.
 */
export function shareTargetDestination(shared: SharedIn, siteOrigin: string): string {
  const text = shared.text?.trim() ?? '';
  const title = shared.title?.trim() ?? '';
  const links = [shared.url?.trim() ?? '', ...(text.match(URL_IN_TEXT) ?? [])].filter(Boolean);
  for (const link of links) {
    let parsed: URL;
    try {
      parsed = new URL(link);
    } catch {
      continue;
    }
    if (parsed.origin === siteOrigin && parsed.pathname !== SHARE_TARGET_PATH) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  const words = [title, text.replace(URL_IN_TEXT, ' ')].join(' ').replace(/\s+/g, ' ').trim();
  const query = (words || links[0] || '').slice(0, 200).trim();
  return query ? `/search?q=${encodeURIComponent(query)}` : '/';
}
