import type { BlogPostSummary, Category, Video } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { nowIso } from '#api/lib/convert';
import { BLOG_SUMMARY_COLUMNS, toBlogPostSummary, type BlogPostRow } from '../blog/blog.mapper';
import { VIDEO_COLUMNS, toVideo, type VideoRow } from '../videos/video.mapper';
import { PG_TSQUERY, pgTsqueryBindings, toFtsMatch, tokenize, toTsQuery } from '#api/lib/full-text';

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
 * SQLite's relevance: hits in each column, weighted (the title most), counted by marking them
 * with FTS5's highlight() on the rows of the window only. bm25() would be the textbook choice,
 * but it computes its IDF by reading every posting of every query word once more: for a
 * prefix such as "christ"* that is a second merge of the lists of christ, christian,
 * christianity… and on 100 000 posts it doubled the time of common queries (p95 ~17 ms
 * against ~10 ms). The weighted hit count needs nothing beyond the postings already read.
 */
function ftsRanking(table: string, weights: readonly number[]): { marked: string; score: string } {
  const marked = weights.map((_, col) => `coalesce(highlight(${table}, ${col}, char(1), ''), '') AS h${col}`).join(', ');
  const score = weights.map((w, col) => `${w} * (length(h${col}) - length(replace(h${col}, char(1), '')))`).join(' + ');
  return { marked, score };
}

/** Title 10, description 2. */
const VIDEO_RANKING = ftsRanking('videos_fts', [10, 2]);
/** Title 10, excerpt 4; a match only in the body scores 0 and ranks by recency. */
const BLOG_RANKING = ftsRanking('blog_posts_fts', [10, 4]);

type Binding = string | number | boolean;

/** knex.raw answers `{ rows }` on PostgreSQL and a plain array on SQLite. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Rows loaded by primary key come back in any order; put them back in rank order. */
function inRankOrder<T extends { id: number | string }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
}

/**
 * PostgreSQL has no index that yields matches newest first, and checking `@@` row by row means
 * reading each row's (toasted) tsvector. So the newest RECENT_SCAN rows are checked first: for
 * any word that is not rare they hold a full page of matches, ranked at once. Only when they
 * hold fewer than `limit` (a selective query) does the GIN index find all matches, which are
 * then few. Left alone, the planner picks one plan for both kinds and is badly wrong for one.
 */
const RECENT_SCAN = 1000;

async function pgSearch<Row>(db: Db, target: Target, tokens: string[], limit: number): Promise<Row[]> {
  const tsq = pgTsqueryBindings(toTsQuery(tokens));
  const { table, columns, filter } = target;
  const cols = columns.join(', ');
  const tcols = columns.map((c) => `t.${c}`).join(', ');
  const ranked = `ORDER BY ts_rank_cd(search_vector, ${PG_TSQUERY}) DESC, id DESC LIMIT ?`;

  const recent = rowsOf<Row & { window_size: unknown }>(
    await db.raw(
      `SELECT ${cols}, count(*) OVER () AS window_size FROM (
         SELECT ${cols}, search_vector FROM (
           SELECT ${tcols}, t.search_vector FROM ${table} t WHERE TRUE${filter.sql} ORDER BY t.id DESC LIMIT ${RECENT_SCAN}
         ) recent
         WHERE search_vector @@ ${PG_TSQUERY}
         ORDER BY id DESC LIMIT ${RANK_WINDOW}
       ) hits ${ranked}`,
      [...filter.bindings, ...tsq, ...tsq, limit],
    ),
  );
  if (recent.length > 0 && Number(recent[0]!.window_size) >= limit) return recent;

  // `t.id + 0` keeps the planner on the GIN index rather than walking the primary key backwards.
  return rowsOf<Row>(
    await db.raw(
      `SELECT ${cols} FROM (
         SELECT ${tcols}, t.search_vector FROM ${table} t
         WHERE t.search_vector @@ ${PG_TSQUERY}${filter.sql}
         ORDER BY t.id + 0 DESC LIMIT ${RANK_WINDOW}
       ) hits ${ranked}`,
      [...tsq, ...filter.bindings, ...tsq, limit],
    ),
  );
}

/** The ids of the best matches in rank order, from the newest RANK_WINDOW matches of the FTS5 table. */
async function sqliteSearchIds(db: Db, target: Target, fts: string, ranking: { marked: string; score: string }, tokens: string[], limit: number): Promise<number[]> {
  const { table, filter } = target;
  // CROSS JOIN: SQLite keeps the tables in the order written, so the index is the outer loop and
  // each match's row is read by id. Left to choose, the planner (without statistics) thinks the
  // published posts few and walks them by their status index, asking the full-text index about
  // each one: for a prefix that re-reads every posting of every word it starts, per post, and on
  // 100 000 posts one search ran for minutes.
  const from = filter.sql ? `${fts} CROSS JOIN ${table} t ON t.id = ${fts}.rowid` : fts;
  const rows = rowsOf<{ id: number }>(
    await db.raw(
      `SELECT id FROM (
         SELECT ${fts}.rowid AS id, ${ranking.marked} FROM ${from}
         WHERE ${fts} MATCH ?${filter.sql}
         ORDER BY ${fts}.rowid DESC LIMIT ${RANK_WINDOW}
       ) ORDER BY ${ranking.score} DESC, id DESC LIMIT ?`,
      [toFtsMatch(tokens), ...filter.bindings, limit],
    ),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Ranked full-text search over the indexes of migration 002: FTS5 on SQLite (weighted hits,
 * see ftsRanking), the weighted tsvector with ts_rank_cd on PostgreSQL; titles weigh most.
 * Every word is required and matches as a prefix. The index query itself is limited (the
 * newest RANK_WINDOW matches, then the best `limit` of them, ties to the newest), and only
 * the rows returned are read, by primary key, so the cost follows the hits asked for rather
 * than the size of the tables. Never a LIKE scan.
 */
export function searchRepo(db: Db) {
  const pg = isPostgres(db);

  return {
    async searchVideos(q: string, limit: number, filters: VideoSearchFilters = {}): Promise<Video[]> {
      const tokens = tokenize(q);
      if (tokens.length === 0) return [];
      const target: Target = { table: 'videos', columns: VIDEO_COLUMNS, filter: videoFilterSql(filters) };
      if (pg) return (await pgSearch<VideoRow>(db, target, tokens, limit)).map(toVideo);

      const ids = await sqliteSearchIds(db, target, 'videos_fts', VIDEO_RANKING, tokens, limit);
      if (ids.length === 0) return [];
      const rows = (await db('videos').select([...VIDEO_COLUMNS]).whereIn('id', ids)) as VideoRow[];
      return inRankOrder(ids, rows).map(toVideo);
    },

    /** Summaries only: the Markdown body is matched but never returned. */
    async searchBlogPosts(q: string, limit: number): Promise<BlogPostSummary[]> {
      const tokens = tokenize(q);
      if (tokens.length === 0) return [];
      // What readers may see: published, from its instant on (drafts and scheduled posts are never found).
      const target: Target = { table: 'blog_posts', columns: BLOG_SUMMARY_COLUMNS, filter: { sql: " AND t.status = 'published' AND t.published_at <= ?", bindings: [nowIso()] } };
      if (pg) return (await pgSearch<BlogPostRow>(db, target, tokens, limit)).map(toBlogPostSummary);

      const ids = await sqliteSearchIds(db, target, 'blog_posts_fts', BLOG_RANKING, tokens, limit);
      if (ids.length === 0) return [];
      const rows = (await db('blog_posts').select([...BLOG_SUMMARY_COLUMNS]).whereIn('id', ids)) as BlogPostRow[];
      return inRankOrder(ids, rows).map(toBlogPostSummary);
    },
  };
}

export type SearchRepo = ReturnType<typeof searchRepo>;
