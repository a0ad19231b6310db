import { useLiveQuery } from 'dexie-react-hooks';
import type { BlogPost, Video } from '#contract/content';
import { youtubeThumbnailUrl } from '#pwa/components/content';
import { allSaved, removeSaved, saveItem, savedDb, savedKey, type SavedItem, type SavedKind } from '#pwa/features/saved/api/saved-store';

/** What the pages hand the Save button: the post or video as the page shows it. */
export type Saveable = { kind: 'post'; post: BlogPost } | { kind: 'video'; video: Video };

/** The picture kept with a saved item: a post's thumbnail, a video's always-present hqdefault one. */
export function pictureOf(content: Saveable): string | null {
  return content.kind === 'post' ? content.post.thumbnailUrl : youtubeThumbnailUrl(content.video.youtubeId, 'hqdefault');
}

export const keyOf = (content: Saveable) => savedKey(content.kind, content.kind === 'post' ? content.post.id : content.video.id);

export const saveForOffline = (content: Saveable): Promise<SavedItem> => saveItem(content, pictureOf(content));

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
