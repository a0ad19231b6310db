import type { BlogPostSummary, Category, Video } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { nowIso } from '#api/lib/convert';
import { BLOG_SUMMARY_COLUMNS, toBlogPostSummary, type BlogPostRow } from '../blog/blog.mapper';
import { VIDEO_COLUMNS, toVideo, type VideoRow } from '../videos/video.mapper';
import { pgSearchQueries, pgSearchQueriesBindings, toFtsMatch, tokenize } from '#api/lib/full-text';

export interface VideoSearchFilters {
  isShort?: boolean;
  category?: Category;
}

/**
 * At most this many matches, the newest, are ranked. A word found in most of 100 000 posts
 * would otherwise score every one of them on each keystroke; a rarer word has fewer matches
 * than this and is ranked over all of them. The page asked for is the best of those.
 */
export const RANK_WINDOW = 200;

/**
 * SQLite's relevance: hits in each column, weighted (the title most), counted on the rows of the
 * window only, in JavaScript on the text the answer reads anyway. bm25() would be the textbook
 * choice, but it computes its IDF by reading every posting of every query word once more, which on
 * 100 000 posts doubled the time of common queries; FTS5's highlight() counts the same hits but
 * tokenizes each row's text again inside the index, ~1-3 ms for the 200 rows of a common word.
 */
interface Ranking<Row> {
  columns: ReadonlyArray<{ column: keyof Row & string; weight: number }>;
}

/** Title 10, description 2. */
const VIDEO_RANKING: Ranking<VideoRow> = { columns: [{ column: 'title', weight: 10 }, { column: 'description', weight: 2 }] };
/** Title 10, excerpt 4; a match only in the body scores 0 and ranks by recency. */
const BLOG_RANKING: Ranking<BlogPostRow> = { columns: [{ column: 'title', weight: 10 }, { column: 'excerpt', weight: 4 }] };

/** Text as FTS5's unicode61 tokenizer with remove_diacritics 2 compares it: lower case, no accents. */
function fold(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Counts the words of a text that a query word matches: at the start of a word, as a prefix, or
 * whole when it is one character (full-text.ts). One regular expression over the text: the words
 * are letters and digits only, so none needs escaping.
 */
function hitCounter(tokens: readonly string[]): (text: unknown) => number {
  const words = tokens.map((t) => (Array.from(t).length > 1 ? fold(t) : `${fold(t)}(?![\\p{L}\\p{N}])`));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})`, 'gu');
  return (text) => (typeof text === 'string' && text !== '' ? (fold(text).match(re)?.length ?? 0) : 0);
}

/** The window's rows, best first (ties to the newest), cut to `limit`. */
function ranked<Row extends { id: unknown }>(rows: Row[], ranking: Ranking<Row>, tokens: readonly string[], limit: number): Row[] {
  const hits = hitCounter(tokens);
  const scored = rows.map((row) => ({ row, id: Number(row.id), score: ranking.columns.reduce((sum, { column, weight }) => sum + weight * hits(row[column]), 0) }));
  scored.sort((a, b) => b.score - a.score || b.id - a.id);
  return scored.slice(0, limit).map((s) => s.row);
}

/** FTS5 has prefix indexes of 2, 3 and 4 characters (migration 002); a longer prefix is spelled out as words. */
const LONGEST_INDEXED_PREFIX = 4;
/** A prefix that starts more words than this stays a prefix query: listing them would cost more than the merge (migration 019 keeps the same number for PostgreSQL). */
const MOST_WORDS_PER_PREFIX = 32;

/** The first string after all those that start with `prefix` (its last character, one higher). */
function afterPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The FTS5 query for the words, all required, as an SQL expression and its bindings. A word of
 * 5 characters or more, as a prefix, becomes the words of the index it starts (migration 017's
 * search_terms): "covenant"* becomes ("covenant" OR "covenantalism" OR "covenants"). FTS5 reads
 * those exact terms newest first and stops at the window, where the prefix would first merge
 * their postings over every row (~5-15 ms for a common word on 100 000 posts, against ~0.5 ms).
 * The words are looked up inside the search's own statement (SQLite runs the uncorrelated
 * subquery once), which saves a round trip to the database's thread. Shorter prefixes have an
 * index of their own; a word with other than a-z and 0-9 stays a prefix (its folding is FTS5's),
 * as does one that starts no listed word or too many.
 */
function sqliteMatch(tokens: readonly string[]): { sql: string; bindings: Binding[] } {
  const parts: string[] = [];
  const bindings: Binding[] = [];
  for (const t of tokens) {
    const plain = toFtsMatch([t]);
    if (t.length <= LONGEST_INDEXED_PREFIX || !/^[a-z0-9]+$/.test(t)) {
      parts.push('?');
      bindings.push(plain);
      continue;
    }
    parts.push(`(SELECT CASE WHEN count(*) BETWEEN 1 AND ${MOST_WORDS_PER_PREFIX} THEN '(' || group_concat('"' || term || '"', ' OR ') || ')' ELSE ? END
      FROM (SELECT term FROM search_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ${MOST_WORDS_PER_PREFIX + 1}))`);
    bindings.push(plain, t, afterPrefix(t));
  }
  return { sql: parts.join(" || ' AND ' || "), bindings };
}

type Binding = string | number | boolean;

/** knex.raw answers `{ rows }` on PostgreSQL and a plain array on SQLite. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** ` AND t.is_short = ? AND t.category = ?` for the filters that are set. */
function videoFilterSql(filters: VideoSearchFilters): { sql: string; bindings: Binding[] } {
  const parts: string[] = [];
  const bindings: Binding[] = [];
  if (filters.isShort !== undefined) {
    parts.push(' AND t.is_short = ?');
    bindings.push(filters.isShort);
  }
  if (filters.category !== undefined) {
    parts.push(' AND t.category = ?');
    bindings.push(filters.category);
  }
  return { sql: parts.join(''), bindings };
}

interface Target {
  table: 'videos' | 'blog_posts';
  columns: readonly string[];
  filter: { sql: string; bindings: Binding[] };
  /** The tsvector that ranks the matches: titles weigh most (migrations 002 and 018). */
  rank: 'search_vector' | 'search_rank';
}

/**
 * PostgreSQL's tsqueries of the words, as a CTE `query` of one row (scan_query, index_query),
 * from migration 019's search_queries() (lib/full-text.ts, pgSearchQueries, which the desk's list
 * asks too). Each word becomes its own tsquery, under the config the whole query takes (english,
 * or simple when every word is a stop word, which english would drop), and the words' tsqueries
 * are ANDed. The words are folded first (accents, migration 020), as the indexed text is, so
 * "agape" finds "agapē" and "Résurrec" "resurrection", as on SQLite:
 *
 * - scan_query, to check rows one by one and to rank: the word's lexeme as a prefix, and the
 *   lexemes of the words as written that start with what was typed (search_words), where
 *   stemming cut them shorter than it: 'atonem':* | 'aton', since "atonement" is stored as
 *   'aton' and 'atonem':* alone matched nothing. For words of 3 characters or more; at most
 *   MOST_WORDS_PER_PREFIX such words, and only those whose lexeme does not start with the word's
 *   own (the prefix finds the others).
 * - index_query, for the GIN index (`index`): the same, with the prefix spelled out as the
 *   lexemes of search_terms (migration 018) that it starts, 'premis':* becoming 'premis' |
 *   'premise' | 'premises'. GIN answers a prefix by reading the postings of every word it starts
 *   into a bitmap, over all rows, before intersecting them; exact words are intersected with
 *   skips. On 100 000 posts, "premise observing" took 7.5 ms in the index as prefixes and 1.9 ms
 *   as words. A prefix that starts no listed lexeme or more than MOST_WORDS_PER_PREFIX stays a
 *   prefix.
 *
 * Both match the same rows, so whichever step finds a post, it is found and ranked alike. A
 * function, whose plan PL/pgSQL keeps for the session: written into each search statement, this
 * part took 0.3-0.5 ms to plan on every search. A word of one character is whole already.
 */
const pgQueryCte = (index: boolean) => `query AS MATERIALIZED (SELECT scan_query, index_query FROM ${pgSearchQueries(index)})`;

/**
 * PostgreSQL has no index that yields matches newest first; why the steps below, in
 * docs/decisions/022-postgres-search-reads-the-newest-rows.md. Figures on 100 000 posts and
 * 20 000 videos (bench/sections/search.ts), per search of one table:
 *
 * - Checking the newest rows one by one costs ~1.2-2 µs a row with the words in the row
 *   (migration 018). Before, the posts' vectors were in the TOAST table and each check read them
 *   there: ~3.5 µs a row, and the ranking read them again (~1.5 ms for 200 rows).
 * - The GIN index finds every match, in no useful order, and each one's row is visited (~3 µs)
 *   to keep the newest: cheap for a rare word, ~4-6 ms for two words in 1 % of the posts, and
 *   that is the case the newest rows miss. Before, a query paid for both, the scan of 1 000 rows
 *   and then the index: 15-30 ms ("premise observing": 2 725 matches, 17 in the newest 1 000).
 * - The same index asked for the words and one of the newest recency words (migration 018: one
 *   per 1 024 ids) visits only the matches among those rows: "luther calvin" over the newest
 *   8 192 ids, 87 matches, 1.5 ms instead of 5.8 ms over all 1 223.
 *
 * So the newest RECENT_SCAN rows are checked first (~1-2 ms); enough matches (at least `limit`)
 * are ranked at once: a common word. With fewer, their count says how many matches the table
 * holds. Many (RECENCY_FROM): the index answers for the newest ids only, as far back as twice a
 * page of matches is to be expected, and when those hold a page they are ranked. Few (a rare
 * word), or too few found: the index answers over the whole table, the newest RANK_WINDOW
 * matches ranked. On the bench's 201 queries the posts took one statement 328 times in 402, two
 * 74 times (20 of them with recency words), never three. Left alone, the planner
 * chooses one plan for both kinds of query, and its costs do not know that checking a row costs
 * more than reading it. pg_stats' most common elements would say how common a word is before
 * the first scan, but only for the thousand commonest words, and not for pairs of words.
 *
 * Every step asks for the same rows (pgQueryCte): a typed word matches the words of the text
 * that it starts, as on SQLite, though PostgreSQL stores their stems ("atonem" finds
 * "atonement", stored as 'aton'), and the matches are ranked by the same query, so which step
 * answers changes neither what is found nor its order. The query is built inside each statement
 * (no round trip more) by a function whose plan the session keeps; the statements themselves
 * are planned each time with their values (a generic plan of the index step took 13 ms, see
 * migration 019). JIT never starts: the costliest plan of the bench's queries is ~1 900, far
 * below jit_above_cost (100 000).
 */
const RECENT_SCAN = 1000;
/** Migration 018's recency words: '~' and the id >> 10, one per 1 024 ids. */
const RECENCY_BITS = 10;
/** At most this many recency words in one query (32 768 ids); further back, the whole table. */
const MOST_RECENCY_WORDS = 32;
/** Below this many matches expected in the table, visiting them all costs less (~1.5 ms) than a query more. */
const RECENCY_FROM = 400;
/** Recency words for this many times the matches of a page, as the newest rows' rate foretells them. */
const RECENCY_MARGIN = 2;

async function pgSearch<Row>(db: Db, target: Target, tokens: string[], limit: number): Promise<Row[]> {
  const { table, columns, filter, rank } = target;
  const cols = columns.join(', ');
  const tcols = columns.map((c) => `t.${c}`).join(', ');
  // Ranked by the scan's query whichever step found the rows, so a post ranks the same either way.
  const ranked = `ORDER BY ts_rank_cd(rank_vector, (SELECT scan_query FROM query)) DESC, id DESC LIMIT ?`;
  const counted = (found: Array<Row & { window_size: unknown }>) => ({ found, matches: found.length > 0 ? Number(found[0]!.window_size) : 0 });
  const words = pgSearchQueriesBindings(tokens);

  const recent = counted(
    rowsOf<Row & { window_size: unknown }>(
      await db.raw(
        `WITH ${pgQueryCte(false)}
         SELECT ${cols}, count(*) OVER () AS window_size FROM (
           SELECT ${cols}, rank_vector FROM (
             SELECT ${tcols}, t.search_vector, t.${rank} AS rank_vector FROM ${table} t WHERE TRUE${filter.sql} ORDER BY t.id DESC LIMIT ${RECENT_SCAN}
           ) recent
           WHERE search_vector @@ (SELECT scan_query FROM query)
           ORDER BY id DESC LIMIT ${RANK_WINDOW}
         ) hits ${ranked}`,
        [...words, ...filter.bindings, limit],
      ),
    ),
  );
  if (recent.matches >= limit) return recent.found;

  // `t.id + 0` keeps the planner on the GIN index rather than walking the primary key backwards.
  const indexed = async (recencyWords: number | null) => {
    const newest =
      recencyWords === null
        ? ''
        : ` && (SELECT string_agg(quote_literal('~' || b), ' | ')::tsquery
              FROM (SELECT max(id) >> ${RECENCY_BITS} AS last FROM ${table}) m, generate_series(greatest(0, m.last - ?::int + 1), m.last) b)`;
    return counted(
      rowsOf<Row & { window_size: unknown }>(
        await db.raw(
          `WITH ${pgQueryCte(true)}
           SELECT ${cols}, count(*) OVER () AS window_size FROM (
             SELECT ${tcols}, t.${rank} AS rank_vector FROM ${table} t
             WHERE t.search_vector @@ ((SELECT index_query FROM query)${newest})${filter.sql}
             ORDER BY t.id + 0 DESC LIMIT ${RANK_WINDOW}
           ) hits ${ranked}`,
          [...words, ...(recencyWords === null ? [] : [recencyWords]), ...filter.bindings, limit],
        ),
      ),
    );
  };

  // The table's matches, as many as the newest rows suggest: the newest match's id stands for the
  // table's size. Few are cheaper to visit than a query more.
  const newestId = Math.max(0, ...recent.found.map((row) => Number((row as { id?: unknown }).id)));
  if ((recent.matches * newestId) / RECENT_SCAN >= RECENCY_FROM) {
    // The newest recency word is partly filled (the ids still to come), hence one more.
    const words = Math.ceil((RECENT_SCAN * limit * RECENCY_MARGIN) / recent.matches / (1 << RECENCY_BITS)) + 1;
    if (words <= MOST_RECENCY_WORDS) {
      const newest = await indexed(words);
      if (newest.matches >= limit) return newest.found;
    }
  }
  return (await indexed(null)).found;
}

/**
 * The best `limit` of the newest RANK_WINDOW matches in the FTS5 table, as rows of `target`.
 * A plain SELECT, so it runs on one of SQLite's readers (sqlite-client.ts), the videos' and the
 * posts' side by side, and never waits behind a write.
 */
async function sqliteSearch<Row extends { id: unknown }>(db: Db, target: Target, fts: string, ranking: Ranking<Row>, tokens: string[], limit: number): Promise<Row[]> {
  const { table, columns, filter } = target;
  const match = sqliteMatch(tokens);
  // CROSS JOIN: SQLite keeps the tables in the order written, so the index is the outer loop and
  // each match's row is read by id. Left to choose, the planner (without statistics) thinks the
  // published posts few and walks them by their status index, asking the full-text index about
  // each one: for a prefix that re-reads every posting of every word it starts, per post, and on
  // 100 000 posts one search ran for minutes.
  const rows = (await db
    .select(columns.map((c) => `t.${c}`))
    .fromRaw(`${fts} CROSS JOIN ${table} t ON t.id = ${fts}.rowid`)
    .whereRaw(`${fts} MATCH (${match.sql})${filter.sql}`, [...match.bindings, ...filter.bindings])
    .orderByRaw(`${fts}.rowid DESC`)
    .limit(RANK_WINDOW)) as Row[];
  return ranked(rows, ranking, tokens, limit);
}

/**
 * Ranked full-text search over the indexes of migration 002: FTS5 on SQLite (weighted hits,
 * see Ranking), the GIN-indexed tsvector on PostgreSQL, ranked by ts_rank_cd over the weighted
 * title and excerpt or description (pgSearch, migration 018); titles weigh most.
 * Every word is required and matches as a prefix. The index query itself is limited (the
 * newest RANK_WINDOW matches, then the best `limit` of them, ties to the newest), and rows
 * are read by primary key for those matches only, so the cost follows the hits asked for
 * rather than the size of the tables. Never a LIKE scan.
 */
export function searchRepo(db: Db) {
  const pg = isPostgres(db);

  return {
    async searchVideos(q: string, limit: number, filters: VideoSearchFilters = {}): Promise<Video[]> {
      const tokens = tokenize(q);
      if (tokens.length === 0) return [];
      const target: Target = { table: 'videos', columns: VIDEO_COLUMNS, filter: videoFilterSql(filters), rank: 'search_vector' };
      if (pg) return (await pgSearch<VideoRow>(db, target, tokens, limit)).map(toVideo);
      return (await sqliteSearch(db, target, 'videos_fts', VIDEO_RANKING, tokens, limit)).map(toVideo);
    },

    /** Summaries only: the Markdown body is matched but never returned. */
    async searchBlogPosts(q: string, limit: number): Promise<BlogPostSummary[]> {
      const tokens = tokenize(q);
      if (tokens.length === 0) return [];
      // What readers may see: published, from its instant on (drafts and scheduled posts are never found).
      const target: Target = {
        table: 'blog_posts',
        columns: BLOG_SUMMARY_COLUMNS,
        filter: { sql: " AND t.status = 'published' AND t.published_at <= ?", bindings: [nowIso()] },
        rank: 'search_rank',
      };
      if (pg) return (await pgSearch<BlogPostRow>(db, target, tokens, limit)).map(toBlogPostSummary);
      return (await sqliteSearch(db, target, 'blog_posts_fts', BLOG_RANKING, tokens, limit)).map(toBlogPostSummary);
    },
  };
}

export type SearchRepo = ReturnType<typeof searchRepo>;
