import type { EditorPostSummary } from '#contract/posts';

/** Post `id` as the desk's list reads it: published, at version 1, unless told; `publishedAt` as given (default a fixed day). */
export function anEditorSummary(id: number, overrides: Partial<EditorPostSummary> = {}): EditorPostSummary {
  return {
    id,
    title: `Post ${id}`,
    excerpt: null,
    category: 'theology',
    readTime: 5,
    views: 0,
    publishedAt: '2025-02-01T00:00:00.000Z',
    thumbnailUrl: null,
    coverImageUrl: null,
    coverImageAlt: null,
    featured: false,
    isExternal: false,
    substackUrl: null,
    status: 'published',
    version: 1,
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}
