// A post's or video's share card: the 1200×630 picture link previews show (served by
// api/modules/share-cards). Its address carries a version, a short hash of what the card draws,
// which the page (its og:image) and the server compute with this one function, so a changed title
// is a new address that no chat app or crawler has cached. Pages import it: it must stay tiny (no
// crypto library in the browser; the hash only tells versions apart, it guards nothing).

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** What has a card: the segment of its address. */
export type ShareCardKind = 'posts' | 'videos';

/** What a card draws besides the site's name: the item's title, its category and its picture. */
export interface ShareCardFields {
  title: string;
  /** The category's key (`bible-study`): the card writes its label. */
  category: string;
  /** What the picture is drawn from (a post's picture address, a video's YouTube id), or null for none. */
  picture: string | null;
}

/**
 * Raised when the card's drawing changes (layout, fonts, colours), so every card gets a new
 * address and no one is shown the old drawing from a year-long cache.
 */
const DESIGN = 1;

/** 32-bit FNV-1a over the UTF-16 code units, as 7 base-36 digits at most. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The version of a card: changes with anything it draws. */
export function shareCardVersion(kind: ShareCardKind, fields: ShareCardFields): string {
  // A separator no title holds keeps ('a b', 'c') and ('a', 'b c') apart.
  return fnv1a([DESIGN, kind, fields.title, fields.category, fields.picture ?? ''].join('\u0000'));
}

/** The card's address on the site, with its version: `/cards/posts/3.png?v=1x2y3z`. */
export function shareCardPath(kind: ShareCardKind, id: number, fields: ShareCardFields): string {
  return `/cards/${kind}/${id}.png?v=${shareCardVersion(kind, fields)}`;
}
