import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { categoryLabels, postPicture, type Category } from '#contract';
import { shareCardVersion, type ShareCardFields, type ShareCardKind } from '#contract/share-card';
import { AppError } from '#api/errors';
import type { BlogService } from '../blog/blog.service';
import { objectIdFromPath, type ObjectsService } from '../objects/objects.service';
import type { VideosService } from '../videos/videos.service';
import { drawOnWorkerThread, type DrawCard } from './share-cards.draw';

/** What the cards are drawn from: readers' views of posts and videos, and the uploads. */
export interface ShareCardSources {
  /** A draft or scheduled post is 'Article not found' here, as on its page: it gets no card. */
  blog: Pick<BlogService, 'get'>;
  videos: Pick<VideosService, 'get'>;
  objects: Pick<ObjectsService, 'findStored'>;
}

export interface ShareCardOptions {
  /** Where the drawn cards are kept (CARDS_DIR). */
  dir: string;
  /**
   * The addresses of a video's thumbnail, best first: the video platform's image host. A test
   * points them at a server that never answers.
   */
  videoThumbnails?: (youtubeId: string) => string[];
  /** How long fetching a remote picture may take, all tries together, before the card is drawn without it. */
  pictureTimeoutMs?: number;
  /** How long a card drawn without its picture (the host did not answer) is served before the picture is tried again. */
  retryPictureMs?: number;
  /** How a card is drawn: on a thread of its own unless told otherwise. */
  drawCard?: DrawCard;
}

/** A card ready to send. */
export interface ShareCard {
  png: Buffer;
  /** What its address carries (contract/share-card.ts). */
  version: string;
  /** False when its picture could not be had: served briefly, and the picture is tried again later. */
  complete: boolean;
}

/**
 * A video's thumbnail on the video platform's image host, as the app shows it
 * (pwa/components/content/youtube-thumbnail.tsx): the full-size one, which not every video has
 * (a 404 then), else the one every video has, 4:3 with bars that the card's crop leaves out.
 */
const youtubeThumbnails = (youtubeId: string) => ['maxresdefault', 'hqdefault'].map((size) => `https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/${size}.jpg`);

/** The pictures satori can draw; an upload is one of the first four (contract/users.ts ALLOWED_IMAGE_TYPES). */
const DRAWABLE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** A picture larger than this is not drawn: the card shows it 480 pixels wide. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const KIND_LABEL: Record<ShareCardKind, string> = { posts: 'Article', videos: 'Video' };

const labelOf = (category: string) => categoryLabels[category as Category] ?? category;

/**
 * Share cards (docs/decisions/019-share-cards.md): each post's and video's 1200×630 PNG for link
 * previews. A card is drawn once per version (what it draws: contract/share-card.ts) and kept as
 * a file named by its version, so an edit that changes the title, the category or the picture
 * names a new file and the old one is deleted when the new one is written.
 *
 * Drawing costs tens of milliseconds of CPU, on a thread of its own (share-cards.draw.ts), so the
 * server's thread stays free for other requests; this process draws one card at a time, and a card
 * asked for again while it is being drawn waits for that drawing rather than starting another.
 */
export function shareCardsService(sources: ShareCardSources, options: ShareCardOptions) {
  const { dir, videoThumbnails = youtubeThumbnails, pictureTimeoutMs = 2000, retryPictureMs = 10 * 60_000, drawCard = drawOnWorkerThread() } = options;
  /** Cards being made, by file: the second asker gets the first one's promise. */
  const inFlight = new Map<string, Promise<ShareCard>>();
  /** One drawing at a time: a burst of new cards queues here instead of taking every core. */
  let drawing: Promise<unknown> = Promise.resolve();
  let drawn = 0;

  /** The item as readers see it, and what its card draws; 404 for one readers cannot see. */
  async function fieldsOf(kind: ShareCardKind, id: number): Promise<{ fields: ShareCardFields; pictureSources: string[] }> {
    if (kind === 'posts') {
      const post = await sources.blog.get(id);
      const picture = postPicture(post)?.url ?? null;
      // An address that is neither an upload nor on the web (a path of some other site's) is no picture to wait for.
      const readable = picture !== null && (objectIdFromPath(picture) !== null || /^https?:\/\//i.test(picture));
      return { fields: { title: post.title, category: post.category, picture }, pictureSources: readable ? [picture] : [] };
    }
    const video = await sources.videos.get(id);
    return { fields: { title: video.title, category: video.category, picture: video.youtubeId }, pictureSources: videoThumbnails(video.youtubeId) };
  }

  /** A picture as a data: URL, or null when it cannot be had in time or is not one satori draws. */
  async function pictureOf(addresses: string[]): Promise<string | null> {
    if (addresses.length === 0) return null;
    // One deadline for every try: a host that never answers costs the card this long, no more.
    const signal = AbortSignal.timeout(pictureTimeoutMs);
    for (const address of addresses) {
      try {
        const picture = await readPicture(address, signal);
        if (picture) return picture;
      } catch {
        // Unreachable, too slow, not an image: the next address, or no picture.
      }
      if (signal.aborted) return null;
    }
    return null;
  }

  async function readPicture(address: string, signal: AbortSignal): Promise<string | null> {
    const objectId = objectIdFromPath(address);
    if (objectId) {
      // An upload is in this site's database: no request to ourselves.
      const object = await sources.objects.findStored(objectId);
      if (!DRAWABLE.has(object.contentType) || object.size > MAX_PICTURE_BYTES) return null;
      return dataUrl(object.contentType, await object.body());
    }
    if (!/^https?:\/\//i.test(address)) return null;
    const res = await fetch(address, { signal, headers: { accept: 'image/*' } });
    const type = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!res.ok || !DRAWABLE.has(type) || Number(res.headers.get('content-length') ?? 0) > MAX_PICTURE_BYTES) {
      await res.body?.cancel();
      return null;
    }
    const bytes = await readAtMost(res, MAX_PICTURE_BYTES);
    return bytes ? dataUrl(type, bytes) : null;
  }

  /** Draws one card when the ones before it are done. */
  function draw(...args: Parameters<typeof drawCard>): Promise<Buffer> {
    const next = drawing.then(() => {
      drawn += 1;
      return drawCard(...args);
    });
    drawing = next.catch(() => undefined);
    return next;
  }

  async function make(kind: ShareCardKind, fields: ShareCardFields, pictureSources: string[], version: string, folder: string): Promise<ShareCard> {
    const picture = await pictureOf(pictureSources);
    const text = { title: fields.title, category: labelOf(fields.category), kind: KIND_LABEL[kind] };
    let png: Buffer;
    let complete = picture !== null || pictureSources.length === 0;
    try {
      png = await draw({ ...text, picture });
    } catch (err) {
      // A picture satori cannot decode (a damaged file) must not cost the card.
      if (picture === null) throw err;
      png = await draw({ ...text, picture: null });
      complete = false;
    }
    await fs.mkdir(folder, { recursive: true });
    const name = complete ? `${version}.png` : `${version}.nopicture.png`;
    await writeAtomically(path.join(folder, name), png);
    // Earlier versions are of no use to anyone: their addresses are answered with this card.
    await removeAllBut(folder, name);
    return { png, version, complete };
  }

  return {
    /**
     * The card of post or video `id`, drawn if it has not been yet. 404 for an item readers
     * cannot see (unknown, a draft, a post not yet published); its kept cards are deleted then.
     */
    async card(kind: ShareCardKind, id: number): Promise<ShareCard> {
      const folder = path.join(dir, kind, String(id));
      let found: Awaited<ReturnType<typeof fieldsOf>>;
      try {
        found = await fieldsOf(kind, id);
      } catch (err) {
        if (err instanceof AppError && err.status === 404) await fs.rm(folder, { recursive: true, force: true });
        throw err;
      }
      const { fields, pictureSources } = found;
      const version = shareCardVersion(kind, fields);
      const kept = await readIfExists(path.join(folder, `${version}.png`));
      if (kept) return { png: kept, version, complete: true };
      const partial = path.join(folder, `${version}.nopicture.png`);
      const withoutPicture = await readIfYoungerThan(partial, retryPictureMs);
      if (withoutPicture) return { png: withoutPicture, version, complete: false };

      const key = `${kind}/${id}/${version}`;
      let making = inFlight.get(key);
      if (!making) {
        making = make(kind, fields, pictureSources, version, folder).finally(() => inFlight.delete(key));
        inFlight.set(key, making);
      }
      return making;
    },

    /** How many cards this service has drawn since it was made: for the tests and the bench. */
    drawnCount(): number {
      return drawn;
    },
  };
}

export type ShareCardsService = ReturnType<typeof shareCardsService>;

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

/** The body, or null when it is longer than `max` bytes (it is not read further). */
async function readAtMost(res: Response, max: number): Promise<Buffer | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(value));
  }
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function readIfYoungerThan(file: string, ms: number): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    return Date.now() - stat.mtimeMs < ms ? await fs.readFile(file) : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Written beside, then renamed: another process never reads half a file. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}

async function removeAllBut(folder: string, keep: string): Promise<void> {
  for (const name of await fs.readdir(folder)) {
    if (name !== keep && !name.endsWith('.tmp')) await fs.rm(path.join(folder, name), { force: true });
  }
}
