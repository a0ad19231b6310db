// Turns whatever a visitor typed into the words a full-text index can match, so that no
// character of the input ever reaches the query syntax of FTS5 or tsquery: quotes, `*`, `%`,
// `NEAR(`, `AND OR NOT`, SQL fragments and emoji simply fall away between the words. The indexes
// are migration 002's; site search (modules/search) ranks with them, the desk's list
// (modules/blog) filters with them.

export const MAX_TOKENS = 12;
export const MAX_TOKEN_LENGTH = 40;

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a query: letters and digits only, at most 12, each cut to 40 characters. */
export function tokenize(q: string): string[] {
  const words = q.normalize('NFKC').toLowerCase().match(WORD) ?? [];
  const tokens: string[] = [];
  for (const word of words) {
    // Cut by code points, not UTF-16 units, so a letter outside the BMP is never split in half.
    const token = Array.from(word).slice(0, MAX_TOKEN_LENGTH).join('');
    if (!tokens.includes(token)) tokens.push(token);
    if (tokens.length === MAX_TOKENS) break;
  }
  return tokens;
}

/**
 * A one-character word ("a", "1" of "1 Cor") matches as a whole word: as a prefix it would
 * match nearly every row and force the index to merge the lists of every word it starts.
 */
function isPrefix(token: string): boolean {
  return Array.from(token).length > 1;
}

/** FTS5: every word a quoted prefix phrase, implicitly ANDed: `"resur"* "faith"*`. */
export function toFtsMatch(tokens: readonly string[]): string {
  return tokens.map((t) => (isPrefix(t) ? `"${t}"*` : `"${t}"`)).join(' ');
}

/**
 * PostgreSQL: every word a quoted prefix lexeme, all required: `'resur':* & 'faith':*`.
 * Quoting keeps to_tsquery from reading anything as an operator; tokens hold no quote or backslash.
 */
export function toTsQuery(tokens: readonly string[]): string {
  return tokens.map((t) => (isPrefix(t) ? `'${t}':*` : `'${t}'`)).join(' & ');
}

/**
 * The tsquery of the words under the english config. A query made only of stop words
 * ("the", "and or not") is empty there, so it falls back to the 'simple' config, which keeps
 * every word as a prefix. A stable expression of constants, so the GIN index serves it; its
 * three `?` take `toTsQuery(tokens)` each (pgTsqueryBindings).
 */
export const PG_TSQUERY = `(CASE WHEN numnode(to_tsquery('english', ?)) > 0 THEN to_tsquery('english', ?) ELSE to_tsquery('simple', ?) END)`;
export const pgTsqueryBindings = (tsq: string): string[] => [tsq, tsq, tsq];

/**
 * A WHERE condition, as SQL and its bindings, that holds for the posts whose title, excerpt or
 * text hold every word (each as a prefix), whatever their state: the FTS5 table on SQLite, the
 * tsvector column on PostgreSQL. `alias` is the query's name for blog_posts. No LIKE scan.
 *
 * For a list in another order than the index's (the desk's, newest first): on SQLite the unary
 * `+` keeps the planner from looking every match up by id and sorting them all (a common word is
 * in most posts: ~14 ms on 10 000); it walks the list's own index instead, checking each row
 * against the matches gathered once, and stops at the page (~2 ms). PostgreSQL's planner
 * already chooses between the GIN index and the list's index by the word's frequency.
 */
export function postsMatching(pg: boolean, tokens: readonly string[], alias: string): { sql: string; bindings: string[] } {
  if (pg) return { sql: `${alias}.search_vector @@ ${PG_TSQUERY}`, bindings: pgTsqueryBindings(toTsQuery(tokens)) };
  return { sql: `+${alias}.id IN (SELECT rowid FROM blog_posts_fts WHERE blog_posts_fts MATCH ?)`, bindings: [toFtsMatch(tokens)] };
}
