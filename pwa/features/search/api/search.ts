import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '#contract/content';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => [...searchKeys.all, query] as const,
};

/** docs/product.md#messages-and-errors: a failed site search reads 'Failed to search'; the cause (status, body) stays attached. */
export class SearchError extends Error {
  override readonly name = 'SearchError';
  constructor(options?: { cause?: unknown }) {
    super('Failed to search', options);
  }
}

/** GET /api/search?q=: videos and articles that match, each ranked by relevance on the server. */
export async function getSearchResults(query: string, signal?: AbortSignal): Promise<SearchResult> {
  try {
    return await apiFetch(withQuery('/api/search', { q: query }), { schema: answerSchema('searchResult'), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SearchError({ cause: error });
  }
}

/** Runs only for a non-empty query (docs/product.md#input-rules); the same query is answered from the cache afterwards. */
export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => getSearchResults(query, signal),
    enabled: query !== '',
  });

export const useSearch = (query: string) => useQuery(searchQueryOptions(query));
