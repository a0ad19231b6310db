// The pictures of saved items (docs/product.md#saved-for-offline): kept in their own Cache Storage cache, which the service
// worker answers from when the network cannot (see sw.ts). Its name is not one of the runtime
// caches' (api-content, thumbnails, avatars), so no ExpirationPlugin, quota purge or
// cleanupOutdatedCaches (precache only) ever deletes from it: a picture leaves with its item.

export const SAVED_PICTURES_CACHE = 'cik-saved-pictures';

const hasCacheStorage = () => typeof caches !== 'undefined';

/** The hosts the page may download a picture from (the CSP's connect-src, api/app.ts): this site and the video platform's image hosts. */
const DOWNLOADABLE_HOSTS = new Set(['i.ytimg.com', 'img.youtube.com']);

function isDownloadable(url: string): boolean {
  try {
    const parsed = new URL(url, location.href);
    return parsed.origin === location.origin || (parsed.protocol === 'https:' && DOWNLOADABLE_HOSTS.has(parsed.hostname));
  } catch {
    return false;
  }
}

/**
 * Downloads the picture at `url` into the saved pictures' cache. Returns its size in bytes, 0 when
 * the browser keeps it but will not tell its size (another host's picture without CORS, an opaque
 * answer), or null when it could not be kept (no Cache Storage, a host the CSP does not let the
 * page fetch from, no connection, an error answer).
 */
export async function storePicture(address: string): Promise<number | null> {
  if (!hasCacheStorage() || !isDownloadable(address)) return null;
  // Kept under the absolute address the page's <img> asks the service worker for (a post's
  // upload is written as a path, `/objects/…`).
  const url = absolute(address);
  try {
    const cache = await caches.open(SAVED_PICTURES_CACHE);
    let response: Response;
    try {
      response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    } catch {
      // The host sends no CORS headers: the browser can still keep (and show) the picture, unread.
      response = await fetch(url, { mode: 'no-cors', credentials: 'omit' });
    }
    if (response.type !== 'opaque' && !response.ok) return null;
    if (response.type === 'opaque') {
      await cache.put(url, response);
      return 0;
    }
    const blob = await response.blob();
    await cache.put(url, new Response(blob, { headers: { 'Content-Type': response.headers.get('Content-Type') ?? blob.type } }));
    return blob.size;
  } catch {
    return null;
  }
}

const absolute = (address: string) => new URL(address, location.href).href;

export async function removePicture(address: string): Promise<void> {
  if (!hasCacheStorage()) return;
  try {
    const cache = await caches.open(SAVED_PICTURES_CACHE);
    await cache.delete(absolute(address));
  } catch {
    // nothing kept, nothing to remove
  }
}
