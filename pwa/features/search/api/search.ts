import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '#contract/content';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';

/** How many of each kind a search shows first, and at most ('Show more results'): the API's default and its cap (contract/content.ts). */
export const SEARCH_FIRST = 20;
export const SEARCH_MOST = 50;

export const searchKeys = {
  all: ['search'] as const,
  /** The first page keeps the key searches saved on devices before 'Show more' have. */
  results: (query: string, limit = SEARCH_FIRST) => (limit === SEARCH_FIRST ? ([...searchKeys.all, query] as const) : ([...searchKeys.all, query, limit] as const)),
};

/** docs/product.md#messages-and-errors: a failed site search reads 'Failed to search'; the cause (status, body) stays attached. */
export class SearchError extends Error {
  override readonly name = 'SearchError';
  constructor(options?: { cause?: unknown }) {
    super('Failed to search', options);
  }
}

/** GET /api/search?q=: the `limit` best videos and articles that match, each ranked by relevance on the server. */
export async function getSearchResults(query: string, signal?: AbortSignal, limit = SEARCH_FIRST): Promise<SearchResult> {
  try {
    const path = withQuery('/api/search', { q: query, limit: limit === SEARCH_FIRST ? undefined : limit });
    return await apiFetch(path, { schema: answerSchema('searchResult'), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SearchError({ cause: error });
  }
}

/** Runs only for a non-empty query (docs/product.md#input-rules); the same query is answered from the cache afterwards. */
export const searchQueryOptions = (query: string, limit = SEARCH_FIRST) =>
  queryOptions({
    queryKey: searchKeys.results(query, limit),
    queryFn: ({ signal }) => getSearchResults(query, signal, limit),
    enabled: query !== '',
  });

/** `wanted` false: not asked (yet), e.g. more results before 'Show more results' is pressed. */
export const useSearch = (query: string, limit = SEARCH_FIRST, wanted = true) => {
  const options = searchQueryOptions(query, limit);
  return useQuery({ ...options, enabled: options.enabled && wanted });
};
