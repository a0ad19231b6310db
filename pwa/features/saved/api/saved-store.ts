import Dexie, { type EntityTable } from 'dexie';
import type { BlogPost, Video } from '#contract/content';
import { removePicture, storePicture } from './saved-pictures';
import type { SavedCopies } from '#pwa/lib/saved-copies';
import { requestPersistentStorage } from '#pwa/offline';

// Saved for offline (docs/product.md#saved-for-offline): posts and videos the reader chose to keep on this device. Their own
// database, apart from the app's (context-is-key: notes, outbox, the persisted query cache) and the
// service worker's runtime caches: nothing here has a limit or an expiry, an item leaves only when
// the reader removes it. The blog's and videos' reads use it when the network fails (through
// lib/saved-copies.ts); the offline search indexes it.

export type SavedKind = 'post' | 'video';

interface SavedBase {
  /** `post-{id}` or `video-{id}`. */
  key: string;
  contentId: number;
  title: string;
  /** ISO time of the last save. */
  savedAt: string;
  /** The saved text's size (the API's answer as JSON, UTF-8). */
  textBytes: number;
  /** The picture kept with it, if any (in the saved pictures' cache). */
  pictureUrl: string | null;
  /** The picture's size; 0 when the browser keeps it but does not tell (another host's picture); null when none is kept. */
  pictureBytes: number | null;
}

export type SavedItem = (SavedBase & { kind: 'post'; post: BlogPost }) | (SavedBase & { kind: 'video'; video: Video });

/** What is saved: a whole post as GET /api/blog/{id} answers it, or a video as GET /api/videos/{id} does. */
export type SavedContent = { kind: 'post'; post: BlogPost } | { kind: 'video'; video: Video };

export class SavedDatabase extends Dexie {
  items!: EntityTable<SavedItem, 'key'>;

  constructor(name = 'cik-saved') {
    super(name);
    // Add versions, never edit one.
    this.version(1).stores({ items: 'key, kind, savedAt' });
  }
}

export const savedDb = new SavedDatabase();

export const savedKey = (kind: SavedKind, contentId: number) => `${kind}-${contentId}`;

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** Bytes an item takes on this device (its text and its picture, when the browser tells). */
export const savedItemBytes = (item: Pick<SavedItem, 'textBytes' | 'pictureBytes'>) => item.textBytes + (item.pictureBytes ?? 0);

export const totalSavedBytes = (items: readonly SavedItem[]) => items.reduce((sum, item) => sum + savedItemBytes(item), 0);

/**
 * Keeps `content` on this device (replacing an earlier save of it), with the picture at
 * `pictureUrl` when the browser lets us keep it. The first save asks the browser to keep the
 * site's storage (navigator.storage.persist()). Returns the stored item.
 */
export async function saveItem(content: SavedContent, pictureUrl: string | null = null, db: SavedDatabase = savedDb): Promise<SavedItem> {
  const source = content.kind === 'post' ? content.post : content.video;
  const key = savedKey(content.kind, source.id);
  const first = (await db.items.count()) === 0;
  const pictureBytes = pictureUrl ? await storePicture(pictureUrl) : null;
  const base: SavedBase = {
    key,
    contentId: source.id,
    title: source.title,
    savedAt: new Date().toISOString(),
    textBytes: utf8Bytes(source),
    pictureUrl: pictureBytes === null ? null : pictureUrl,
    pictureBytes,
  };
  const item: SavedItem = content.kind === 'post' ? { ...base, kind: 'post', post: content.post } : { ...base, kind: 'video', video: content.video };
  await db.items.put(item);
  if (first) void requestPersistentStorage();
  return item;
}

/** Removes a saved item and its picture: the only way anything leaves this store. */
export async function removeSaved(key: string, db: SavedDatabase = savedDb): Promise<void> {
  const item = await db.items.get(key);
  await db.items.delete(key);
  if (item?.pictureUrl) {
    // Another saved item may show the same picture (a post reusing a thumbnail): keep it for that one.
    const pictureUrl = item.pictureUrl;
    const shared = await db.items.filter((other) => other.pictureUrl === pictureUrl).count();
    if (shared === 0) await removePicture(pictureUrl);
  }
}

/** Every saved item, newest save first. */
export const allSaved = (db: SavedDatabase = savedDb): Promise<SavedItem[]> => db.items.orderBy('savedAt').reverse().toArray();

export async function getSavedPost(id: number, db: SavedDatabase = savedDb): Promise<BlogPost | undefined> {
  const item = await db.items.get(savedKey('post', id));
  return item?.kind === 'post' ? item.post : undefined;
}

export async function getSavedVideo(id: number, db: SavedDatabase = savedDb): Promise<Video | undefined> {
  const item = await db.items.get(savedKey('video', id));
  return item?.kind === 'video' ? item.video : undefined;
}

/** The copies the blog's and the videos' reads fall back on with no network (lib/saved-copies.ts). */
export const savedCopies: SavedCopies = { post: (id) => getSavedPost(id), video: (id) => getSavedVideo(id) };
