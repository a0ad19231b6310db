import { useLiveQuery } from 'dexie-react-hooks';
import { postPicture, uploadedPicturePaths, type BlogPost, type Video } from '#contract/content';
import { youtubeThumbnailUrl } from '#pwa/components/content';
import { allSaved, removeSaved, saveItem, savedDb, savedKey, type SavedItem, type SavedKind } from '#pwa/features/saved/api/saved-store';

/** What the pages hand the Save button: the post or video as the page shows it. */
export type Saveable = { kind: 'post'; post: BlogPost } | { kind: 'video'; video: Video };

/**
 * The pictures kept with a saved item (docs/product.md#saved-for-offline), its main one first: a
 * post's cover (else its thumbnail) and every upload of this site its text shows (`/objects/…`),
 * so the post reads whole offline; a video's always-present hqdefault thumbnail.
 */
export function picturesOf(content: Saveable): string[] {
  if (content.kind === 'video') return [youtubeThumbnailUrl(content.video.youtubeId, 'hqdefault')];
  const main = postPicture(content.post)?.url;
  return [...new Set([...(main ? [main] : []), ...uploadedPicturePaths(content.post.content)])];
}

export const keyOf = (content: Saveable) => savedKey(content.kind, content.kind === 'post' ? content.post.id : content.video.id);

export const saveForOffline = (content: Saveable): Promise<SavedItem> => saveItem(content, picturesOf(content));

export const removeFromDevice = (key: string): Promise<void> => removeSaved(key);

/** Whether the item is saved, live (other tabs too): undefined while reading. */
export function useIsSaved(kind: SavedKind, contentId: number): boolean | undefined {
  const key = savedKey(kind, contentId);
  return useLiveQuery(async () => (await savedDb.items.get(key)) !== undefined, [key]);
}

/** Every saved item, newest first, live: undefined while reading. */
export function useAllSaved(): SavedItem[] | undefined {
  return useLiveQuery(() => allSaved(), []);
}
