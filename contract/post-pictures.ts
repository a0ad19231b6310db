// A post's pictures, free of zod: the pages show them without loading zod for that
// (docs/decisions/005-what-loads-first.md). content.ts exports these too.

/** What postPicture reads of a post (a BlogPostSummary of content.ts, or a saved copy). */
interface PostPictures {
  thumbnailUrl: string | null;
  coverImageUrl?: string | null;
  coverImageAlt?: string | null;
}

/**
 * The picture that stands for a post (its card on home, link previews, feeds, a saved copy): its
 * cover with its alt text, else its thumbnail (which has no alt: ''), else null. A copy saved
 * before covers existed has no `coverImageUrl` at all.
 */
export function postPicture(post: PostPictures): { url: string; alt: string } | null {
  if (post.coverImageUrl) return { url: post.coverImageUrl, alt: post.coverImageAlt ?? '' };
  return post.thumbnailUrl ? { url: post.thumbnailUrl, alt: '' } : null;
}

/**
 * The pictures uploaded to this site that a post's Markdown names (`/objects/{id}`, as a path or an
 * absolute address), as paths, each once. All uploads are images, so a mention is a picture.
 */
export function uploadedPicturePaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, id] of markdown.matchAll(/\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi)) paths.add(`/objects/${id!.toLowerCase()}`);
  return [...paths];
}
