/** docs/product.md#site-search: 12 popular topics, offered as chips when there is nothing to search for yet. */
export const POPULAR_TOPICS = [
  'Resurrection',
  'Trinity',
  'Grace',
  'Prayer',
  'Genesis',
  'Gospels',
  'Church history',
  'Apologetics',
  'Salvation',
  'Covenant',
  'Holy Spirit',
  'Context',
] as const;

/** 'Found 1 result for "x"', 'Found 3 results for "x"' (docs/product.md#site-search: 'Found N result(s) for "{query}"'). */
export const resultLine = (count: number, query: string) => `Found ${count} result${count === 1 ? '' : 's'} for "${query}"`;
