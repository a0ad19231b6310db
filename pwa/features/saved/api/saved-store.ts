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
  /** Its main picture (a post's cover or thumbnail, a video's thumbnail) when kept (in the saved pictures' cache). */
  pictureUrl: string | null;
  /**
   * Every picture kept with it: the main one and a post's uploaded pictures in its text. Absent
   * on items saved before posts had pictures (their one picture is `pictureUrl`).
   */
  pictureUrls?: string[];
  /** The pictures' size; 0 when the browser keeps them but does not tell (another host's picture); null when none is kept. */
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

/** Every picture `item` keeps in the saved pictures' cache. */
export const picturesKept = (item: Pick<SavedItem, 'pictureUrl' | 'pictureUrls'>): string[] => item.pictureUrls ?? (item.pictureUrl ? [item.pictureUrl] : []);

/** Removes each of `urls` from the saved pictures' cache, unless a saved item still keeps it (a post reusing a picture). */
async function releasePictures(urls: readonly string[], db: SavedDatabase): Promise<void> {
  for (const url of urls) {
    const shared = await db.items.filter((other) => picturesKept(other).includes(url)).count();
    if (shared === 0) await removePicture(url);
  }
}

/**
 * Keeps `content` on this device (replacing an earlier save of it), with the pictures at
 * `pictures` (the first is its main picture) that the browser lets us keep; pictures the earlier
 * save kept and this one does not are let go. The first save asks the browser to keep the site's
 * storage (navigator.storage.persist()). Returns the stored item.
 */
export async function saveItem(content: SavedContent, pictures: string | null | readonly string[] = null, db: SavedDatabase = savedDb): Promise<SavedItem> {
  const source = content.kind === 'post' ? content.post : content.video;
  const key = savedKey(content.kind, source.id);
  const first = (await db.items.count()) === 0;
  const wanted = [...new Set(pictures === null ? [] : typeof pictures === 'string' ? [pictures] : pictures)];
  const kept: string[] = [];
  let pictureBytes: number | null = null;
  for (const url of wanted) {
    const bytes = await storePicture(url);
    if (bytes === null) continue;
    kept.push(url);
    pictureBytes = (pictureBytes ?? 0) + bytes;
  }
  const base: SavedBase = {
    key,
    contentId: source.id,
    title: source.title,
    savedAt: new Date().toISOString(),
    textBytes: utf8Bytes(source),
    pictureUrl: wanted[0] !== undefined && kept.includes(wanted[0]) ? wanted[0] : null,
    pictureUrls: kept,
    pictureBytes,
  };
  const item: SavedItem = content.kind === 'post' ? { ...base, kind: 'post', post: content.post } : { ...base, kind: 'video', video: content.video };
  const earlier = await db.items.get(key);
  await db.items.put(item);
  if (earlier) await releasePictures(picturesKept(earlier).filter((url) => !kept.includes(url)), db);
  if (first) void requestPersistentStorage();
  return item;
}

/** Removes a saved item and its pictures: the only way anything leaves this store. */
export async function removeSaved(key: string, db: SavedDatabase = savedDb): Promise<void> {
  const item = await db.items.get(key);
  await db.items.delete(key);
  if (item) await releasePictures(picturesKept(item), db);
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
