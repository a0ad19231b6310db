import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { BlogPost, BlogPostSummary } from '#contract/content';
import { renderWithProviders } from '#pwa/test/render';
import { renderWithSaved } from '#pwa/test/render-saved';

let nextId = 100;

/** A post as GET /api/blog/{id} answers it; lists get the same without `content`. */
export function aPost(overrides: Partial<BlogPost> = {}): BlogPost {
  nextId += 1;
  return {
    id: nextId,
    title: `Article ${nextId}`,
    excerpt: `The excerpt of article ${nextId}.`,
    category: 'apologetics',
    readTime: 6,
    views: 1234,
    publishedAt: '2025-03-04T10:00:00.000Z',
    thumbnailUrl: null,
    coverImageUrl: null,
    coverImageAlt: null,
    featured: false,
    isExternal: false,
    substackUrl: null,
    content: '## A heading\n\nA paragraph.',
    ...overrides,
  };
}

export function summaryOf(post: BlogPost): BlogPostSummary {
  const { content: _content, ...summary } = post;
  return summary;
}

/**
 * `element` at `path` (matched by `pattern`) inside the app's providers and a memory router, in
 * StrictMode. `saved` puts answers in the query cache first, as a restored earlier visit does.
 */
export function renderAt(path: string, pattern: string, element: ReactNode, saved?: (queryClient: QueryClient) => void) {
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const tree = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  return { router, ...(saved ? renderWithSaved(tree, saved) : renderWithProviders(tree)) };
}
