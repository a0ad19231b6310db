/**
 * Query keys of the videos feature, one tree so `videoKeys.all` refreshes every video query.
 * Videos are public: none of these keys is under privateKey(), they survive sign-out.
 */
export const videoKeys = {
  all: ['videos'] as const,
  searches: () => [...videoKeys.all, 'search'] as const,
  /** The trimmed query text: "faith" and "faith " are one search. */
  search: (query: string) => [...videoKeys.searches(), query.trim()] as const,
  details: () => [...videoKeys.all, 'detail'] as const,
  detail: (id: number) => [...videoKeys.details(), id] as const,
};
