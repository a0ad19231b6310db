/** What a YouTube link names: the video's 11-character id, and whether it was a /shorts/ link. */
export interface YoutubeLink {
  youtubeId: string;
  isShort: boolean;
}

/** A YouTube video id: 11 letters, digits, `-` or `_`. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** The hosts a `watch?v=`, /shorts/, /live/ or /embed/ link may be on. */
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** The privacy-enhanced player's host (the one the watch page embeds): /embed/ links only. */
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** A host written without a scheme ("youtu.be/…", "www.youtube.com/watch?v=…"): read as https. */
const BARE_HOST = /^(?:(?:www\.|m\.)?youtube\.com|youtu\.be|(?:www\.)?youtube-nocookie\.com)\//i;

/** What the desk tells an editor whose link is not one of these. */
export const YOUTUBE_LINK_RULE =
  'url must be a YouTube link (youtube.com/watch?v=…, youtu.be/…, /shorts/…, /live/… or /embed/…) or an 11-character video id';

const idOrNull = (id: string | null | undefined): string | null => (id && VIDEO_ID.test(id) ? id : null);

/**
 * The video a YouTube link names, or null when it names none. Takes, with http or https (or no
 * scheme at all):
 * - `youtube.com/watch?v=ID`, on youtube.com, www.youtube.com or m.youtube.com, other query
 *   parameters (`&t=`, `&list=`) allowed;
 * - `youtu.be/ID`;
 * - `youtube.com/shorts/ID` (a short), `/live/ID` and `/embed/ID` on the same hosts (and /embed/
 *   on youtube-nocookie.com), with or without a trailing slash;
 * - a bare id, `[A-Za-z0-9_-]{11}`.
 * Anything else is null: other hosts (look-alikes, `youtube.com.evil.example`), other paths,
 * an id of another length, a user name, password or port in the link, or any other scheme.
 * Pure: the same rule can run in the browser.
 */
export function parseYoutubeLink(input: string): YoutubeLink | null {
  const text = input.trim();
  if (VIDEO_ID.test(text)) return { youtubeId: text, isShort: false };

  let url: URL;
  try {
    url = new URL(BARE_HOST.test(text) ? `https://${text}` : text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;

  const host = url.hostname.toLowerCase();
  // '/shorts/ID/' → ['shorts', 'ID']: one optional trailing slash, nothing after the id.
  const segments = url.pathname.replace(/\/$/, '').split('/').slice(1);

  if (host === 'youtu.be') {
    const youtubeId = segments.length === 1 ? idOrNull(segments[0]) : null;
    return youtubeId ? { youtubeId, isShort: false } : null;
  }
  if (NOCOOKIE_HOSTS.has(host)) {
    const youtubeId = segments.length === 2 && segments[0] === 'embed' ? idOrNull(segments[1]) : null;
    return youtubeId ? { youtubeId, isShort: false } : null;
  }
  if (!YOUTUBE_HOSTS.has(host)) return null;

  if (segments.length === 1 && segments[0] === 'watch') {
    const youtubeId = idOrNull(url.searchParams.get('v'));
    return youtubeId ? { youtubeId, isShort: false } : null;
  }
  if (segments.length === 2 && (segments[0] === 'shorts' || segments[0] === 'live' || segments[0] === 'embed')) {
    const youtubeId = idOrNull(segments[1]);
    return youtubeId ? { youtubeId, isShort: segments[0] === 'shorts' } : null;
  }
  return null;
}
