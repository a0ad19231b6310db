/** Words in a Markdown body: runs of non-space characters. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Minutes to read at 200 words a minute, at least 1. */
export function readTimeFor(text: string): number {
  return Math.max(1, Math.ceil(wordCount(text) / 200));
}

export const SUBSTACK_BASE = 'https://contextiskey.substack.com/p/';

export function substackUrl(slug: string): string {
  return `${SUBSTACK_BASE}${slug}`;
}
