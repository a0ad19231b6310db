import type { Knex } from 'knex';
import { isPostgres } from '#api/db';

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
 * search_queries(tokens, spell) (migrations 019 and 020), as SQL, and its bindings: the tsqueries
 * a typed query asks with on PostgreSQL, where a typed prefix also finds the words that stemming
 * cut shorter than it ("atonem" finds "atonement", stored as 'aton'), and accents are folded as
 * in the indexed text ("agape" finds "agapē", "Résurrec" finds "resurrection"). Site search
 * (modules/search/search.repo.ts, pgSearch) and the desk's list (postsMatching) both ask it, so
 * there is one rule; why, in docs/decisions/022-postgres-search-reads-the-newest-rows.md.
 * `tokens` are the typed words as an array literal: they hold letters and digits only, so
 * quoting them is enough; the function folds them with the same dictionary as the text.
 */
export const pgSearchQueries = (spell: boolean): string => `search_queries(?::text[], ${spell})`;
export const pgSearchQueriesBindings = (tokens: readonly string[]): string[] => [`{${tokens.map((t) => `"${t}"`).join(',')}}`];

/**
 * A WHERE condition, as SQL and its bindings, that holds for the posts whose title, excerpt or
 * text hold every word (each as a prefix), whatever their state: the FTS5 table on SQLite, the
 * tsvector column on PostgreSQL. `alias` is the query's name for blog_posts. No LIKE scan.
 *
 * For a list in another order than the index's (the desk's, newest first): on SQLite the unary
 * `+` keeps the planner from looking every match up by id and sorting them all (a common word is
 * in most posts: ~14 ms on 10 000); it walks the list's own index instead, checking each row
 * against the matches gathered once, and stops at the page (~2 ms). PostgreSQL's planner
 * chooses between the GIN index and the list's index by the words' frequency, so it must see
 * them: the tsquery (search_queries' index_query, the prefix spelled out as words) is built by a
 * statement of its own and bound into the list's as a value. Built inside the list's statement,
 * it is a value known only when the statement runs; the planner then guesses 0.5 % of the posts
 * for any word and takes the GIN index and a sort of every match: on 5 000 posts a common word
 * ("grace", "god") took 3-4 ms against 0.2-0.3 ms walking the list's index, and more with more
 * posts (20 000: 12-58 ms against 0.2-1.2). The statement more costs ~0.4 ms (`SELECT 1`: ~0.2).
 * When no word can be matched, nothing is found.
 */
export async function postsMatching(db: Knex, tokens: readonly string[], alias: string): Promise<{ sql: string; bindings: string[] }> {
  if (!isPostgres(db)) return { sql: `+${alias}.id IN (SELECT rowid FROM blog_posts_fts WHERE blog_posts_fts MATCH ?)`, bindings: [toFtsMatch(tokens)] };
  const result = (await db.raw(`SELECT index_query::text AS query FROM ${pgSearchQueries(true)}`, pgSearchQueriesBindings(tokens))) as { rows: Array<{ query: string | null }> };
  const query = result.rows[0]?.query;
  return query ? { sql: `${alias}.search_vector @@ ?::tsquery`, bindings: [query] } : { sql: 'FALSE', bindings: [] };
}
