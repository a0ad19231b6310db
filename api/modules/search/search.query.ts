// Turns whatever a visitor typed into the words a full-text index can match, so that no
// character of the input ever reaches the query syntax of FTS5 or tsquery: quotes, `*`, `%`,
// `NEAR(`, `AND OR NOT`, SQL fragments and emoji simply fall away between the words.

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
