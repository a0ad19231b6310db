import type { Knex } from 'knex';

// PostgreSQL only: search folds accents, in what it indexes and in what it is asked, as SQLite's
// FTS5 does (unicode61 remove_diacritics 2, migration 002), so a reader typing "agape", "hesed"
// or "Yahweh" finds the posts that write "agapē", "ḥesed" or "Yahwéh", and the other way round;
// why this way, in docs/decisions/022-postgres-search-reads-the-newest-rows.md ("Accents folded").
// Nothing to do on SQLite.
//
// - search_fold(text): the text through the `unaccent` extension's dictionary ("Résurrection" →
//   "Resurrection", "ḥesed" → "hesed", combining marks dropped). unaccent() is STABLE (its
//   dictionary could change) and a generated column takes only IMMUTABLE functions, hence the
//   wrapper, with the function and the dictionary named by their schema: a restore (pg_dump sets
//   an empty search_path) or another search_path still finds them. Text of ASCII only is
//   returned as it is: nothing in it to fold, and unaccent() would copy it.
// - Every searchable text is folded before it is parsed: the posts' words and ranking vectors
//   (migration 018), the videos' vector, the words as written of search_words (migration 019);
//   search_terms reads the vectors, so it gets the folded words by itself. The columns are
//   generated: PostgreSQL 15 cannot change their expression, so they are dropped and added again,
//   one rewrite of each table, as migration 018 did.
// - search_queries() folds the typed words before it parses them, so every search path (site
//   search's steps, the desk's list, prefixes, the recency words) asks with the same folded
//   words. Its `words` argument is gone: the config (english, or simple when every word is a
//   stop word) is chosen from the folded words ("thé" is "the").
// - Text of ASCII only indexes the same words as before; only the pieces of text with other
//   characters bring new words to search_terms and search_words. The accented words already
//   listed stay, as the words of edited rows do: at worst a prefix also asks for a lexeme no row
//   holds, an empty lookup.

const RECENCY = `array_to_tsvector(ARRAY['~' || (id >> 10)::text])`;
/** At most this many words a prefix is spelled out into (search.repo.ts, MOST_WORDS_PER_PREFIX). */
const MOST_WORDS_PER_PREFIX = 32;

/** How a text is made ready to be parsed: folded (this migration) or as written (migrations 018 and 019). */
type Fold = (sql: string) => string;
const folded: Fold = (sql) => `search_fold(${sql})`;
const asWritten: Fold = (sql) => sql;

const sources = [
  { table: 'blog_posts', columns: ['title', 'excerpt', 'content'] },
  { table: 'videos', columns: ['title', 'description'] },
] as const;

const words = (fold: Fold, column: string) => `to_tsvector('english', ${fold(`coalesce(${column}, '')`)})`;

/** The posts' words only, and their title and excerpt with positions to rank by (migration 018), each kept in the row. */
const postsColumns = (fold: Fold) => `ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (strip(
      ${words(fold, 'title')} || ${words(fold, 'excerpt')} || ${words(fold, 'content')}) || ${RECENCY}) STORED,
    ALTER COLUMN search_vector SET STORAGE MAIN,
    ADD COLUMN search_rank tsvector GENERATED ALWAYS AS (
      setweight(${words(fold, 'title')}, 'A') || setweight(${words(fold, 'excerpt')}, 'B')) STORED,
    ALTER COLUMN search_rank SET STORAGE MAIN`;
/** The videos' weighted vector: title A, description B (migrations 002 and 018). */
const videosColumns = (fold: Fold) => `ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(${words(fold, 'title')}, 'A') || setweight(${words(fold, 'description')}, 'B') || ${RECENCY}) STORED`;

/** The searchable text of a row as one string, from the columns of `alias` (migration 019). */
const textOf = (columns: readonly string[], alias: string) => columns.map((c) => `coalesce(${alias}.${c}, '')`).join(" || ' ' || ");

/** Migration 019's pairs (word, lexeme) of the distinct words `w` of `words`, in sorted order so that two writers lock alike. */
const insertPairs = (wordsSql: string) => `INSERT INTO search_words (word, lexeme)
  SELECT w, l FROM (${wordsSql}) words, LATERAL (SELECT tsvector_to_array(to_tsvector('english', w)) AS ls) stem, unnest(stem.ls) AS l
  WHERE cardinality(stem.ls) = 1 AND l <> w
  ORDER BY w
  ON CONFLICT DO NOTHING`;

/** The distinct pieces of `text` over the rows of `from`, cut at spaces (and line breaks and tabs): migration 019's. */
const piecesOf = (text: string, from: string) =>
  `SELECT DISTINCT piece FROM ${from}, string_to_table(translate(${text}, E'\\n\\r\\t', '   '), ' ') AS piece`;

/**
 * Migration 019's distinct words of `text` over the rows of `from`, as the 'simple' configuration
 * parses them, the text cut at spaces and each distinct piece parsed once; the text is folded
 * whole, before it is cut. Folding each distinct piece instead cost a post written alone ~0.4 ms
 * more (500 posts inserted one by one: 1.16-1.22 s against 0.91-1.03 s, the same as without
 * folding): a call of search_fold costs ~1.6 µs, unaccent ~10 ns a byte.
 */
const wordsOf = (fold: Fold, text: string, from: string) => `SELECT DISTINCT w FROM (
    ${piecesOf(fold(text), from)}
  ) pieces, unnest(tsvector_to_array(to_tsvector('simple', piece))) AS w
  WHERE strpos(w, '-') = 0`;

/** Migration 019's trigger functions that list the words of new and edited rows, their text folded or not. */
async function wordTriggerFunctions(knex: Knex, fold: Fold): Promise<void> {
  for (const { table, columns } of sources) {
    await knex.raw(`CREATE OR REPLACE FUNCTION ${table}_words_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${insertPairs(wordsOf(fold, textOf(columns, 'new_rows'), 'new_rows'))};
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE OR REPLACE FUNCTION ${table}_words_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${insertPairs(wordsOf(fold, textOf(columns, 'NEW'), '(SELECT 1) one'))};
        RETURN NULL;
      END $$`);
  }
}

/**
 * Lists the words that folding brings in (or, undone, the accented words back): in search_terms
 * the lexemes, in search_words the words as written, of the pieces of text that are not ASCII
 * only, each distinct piece folded and parsed once. An ASCII piece parses to the same words folded
 * or not, and those are listed already; the parser never reads a word across a space, so the
 * pieces' lexemes are the vectors'. Listing the words of every row that held a character outside
 * ASCII, from its vector and its whole text, took 18 s of the migration's 55 s when every post
 * held one (a curly apostrophe); these pieces are a fraction of it.
 */
async function listWordsNotAscii(knex: Knex, fold: Fold): Promise<void> {
  for (const { table, columns } of sources) {
    await knex.raw(`CREATE TEMPORARY TABLE pieces_not_ascii AS SELECT DISTINCT ${fold('piece')} AS piece FROM (
        ${piecesOf(textOf(columns, 't'), `${table} t`)}
      ) pieces WHERE octet_length(piece) <> length(piece)`);
    await knex.raw(`INSERT INTO search_terms (term)
      SELECT DISTINCT w FROM pieces_not_ascii, unnest(tsvector_to_array(to_tsvector('english', piece))) AS w
      ORDER BY w
      ON CONFLICT DO NOTHING`);
    await knex.raw(insertPairs(`SELECT DISTINCT w FROM pieces_not_ascii, unnest(tsvector_to_array(to_tsvector('simple', piece))) AS w WHERE strpos(w, '-') = 0`));
    await knex.raw('DROP TABLE pieces_not_ascii');
  }
}

/** Drops and adds the search columns of both tables with their text folded or not, and their GIN indexes. */
async function rebuildColumns(knex: Knex, fold: Fold): Promise<void> {
  // Dropping a column drops its index. Dropped and added in one statement: one rewrite a table.
  await knex.raw(`ALTER TABLE blog_posts DROP COLUMN search_vector, DROP COLUMN search_rank, ${postsColumns(fold)}`);
  await knex.raw(`ALTER TABLE videos DROP COLUMN search_vector, ${videosColumns(fold)}`);
  await knex.raw('CREATE INDEX blog_posts_search_idx ON blog_posts USING GIN (search_vector)');
  await knex.raw('CREATE INDEX videos_search_idx ON videos USING GIN (search_vector)');
}

/**
 * search_queries(tokens, spell): migration 019's function (what each tsquery is, and why a
 * PL/pgSQL function with force_generic_plan, are said there and in search.repo.ts), which now
 * folds the typed words first: the config is chosen from the folded words (english unless
 * every one is a stop word), and each folded word becomes its own tsquery. The words are
 * folded as one string, joined by chr(1), which no typed word holds: two plain expressions,
 * which PL/pgSQL evaluates without running a query (one query per word to fold them cost
 * ~0.05 ms a call more). A word the folding empties is dropped; quote_literal keeps a folded
 * word with a quote ("ŉ" folds to "'n") from being read as tsquery syntax.
 */
const SEARCH_QUERIES = `CREATE FUNCTION search_queries(tokens text[], spell boolean, OUT scan_query tsquery, OUT index_query tsquery)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
  DECLARE
    words text[] := array_remove(string_to_array(search_fold(array_to_string(tokens, chr(1))), chr(1)), '');
    cfg regconfig := CASE WHEN length(to_tsvector('english', array_to_string(words, ' '))) > 0 THEN 'english' ELSE 'simple' END;
  BEGIN
    SELECT string_agg('(' || p.scan::text || ')', ' & ' ORDER BY t.i)::tsquery,
        string_agg('(' || p.indexed::text || ')', ' & ' ORDER BY t.i)::tsquery
      INTO scan_query, index_query
      FROM unnest(words) WITH ORDINALITY AS t(token, i)
      CROSS JOIN LATERAL (
        SELECT word, substring(word::text from '^''([^'']+)'':\\*$') AS lexeme FROM (
          SELECT to_tsquery(cfg, quote_literal(t.token) || CASE WHEN length(t.token) > 1 THEN ':*' ELSE '' END) AS word) one
      ) w
      CROSS JOIN LATERAL (
        SELECT CASE WHEN spell THEN (SELECT string_agg(quote_literal(term), ' | ')::tsquery FROM (
            SELECT term FROM search_terms WHERE term >= w.lexeme AND term < w.lexeme || chr(1114111) ORDER BY term LIMIT ${MOST_WORDS_PER_PREFIX + 1}
          ) listed HAVING count(*) BETWEEN 1 AND ${MOST_WORDS_PER_PREFIX}) END AS spelled,
          CASE WHEN length(t.token) >= 3 THEN (SELECT string_agg(DISTINCT quote_literal(lexeme), ' | ')::tsquery FROM (
            SELECT sw.lexeme FROM search_words sw
            WHERE sw.word >= t.token AND sw.word < t.token || chr(1114111) AND NOT starts_with(sw.lexeme, w.lexeme)
            ORDER BY sw.word LIMIT ${MOST_WORDS_PER_PREFIX}) written) END AS written
        OFFSET 0
      ) x
      CROSS JOIN LATERAL (
        SELECT coalesce(w.word || x.written, w.word) AS scan,
          CASE WHEN spell THEN coalesce(coalesce(x.spelled, w.word) || x.written, x.spelled, w.word) END AS indexed
      ) p
      WHERE numnode(w.word) > 0;
  END $$`;

/** Migration 019's search_queries(words, tokens, spell), as it was: the words as typed, accents kept. */
const SEARCH_QUERIES_019 = `CREATE FUNCTION search_queries(words text, tokens text[], spell boolean, OUT scan_query tsquery, OUT index_query tsquery)
  LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
  DECLARE
    cfg regconfig := CASE WHEN numnode(to_tsquery('english', words)) > 0 THEN 'english' ELSE 'simple' END;
  BEGIN
    SELECT string_agg('(' || p.scan::text || ')', ' & ' ORDER BY t.i)::tsquery,
        string_agg('(' || p.indexed::text || ')', ' & ' ORDER BY t.i)::tsquery
      INTO scan_query, index_query
      FROM unnest(tokens) WITH ORDINALITY AS t(token, i)
      CROSS JOIN LATERAL (
        SELECT word, substring(word::text from '^''([^'']+)'':\\*$') AS lexeme FROM (
          SELECT to_tsquery(cfg, quote_literal(t.token) || CASE WHEN length(t.token) > 1 THEN ':*' ELSE '' END) AS word) one
      ) w
      CROSS JOIN LATERAL (
        SELECT CASE WHEN spell THEN (SELECT string_agg(quote_literal(term), ' | ')::tsquery FROM (
            SELECT term FROM search_terms WHERE term >= w.lexeme AND term < w.lexeme || chr(1114111) ORDER BY term LIMIT ${MOST_WORDS_PER_PREFIX + 1}
          ) listed HAVING count(*) BETWEEN 1 AND ${MOST_WORDS_PER_PREFIX}) END AS spelled,
          CASE WHEN length(t.token) >= 3 THEN (SELECT string_agg(DISTINCT quote_literal(lexeme), ' | ')::tsquery FROM (
            SELECT sw.lexeme FROM search_words sw
            WHERE sw.word >= t.token AND sw.word < t.token || chr(1114111) AND NOT starts_with(sw.lexeme, w.lexeme)
            ORDER BY sw.word LIMIT ${MOST_WORDS_PER_PREFIX}) written) END AS written
        OFFSET 0
      ) x
      CROSS JOIN LATERAL (
        SELECT coalesce(w.word || x.written, w.word) AS scan,
          CASE WHEN spell THEN coalesce(coalesce(x.spelled, w.word) || x.written, x.spelled, w.word) END AS indexed
      ) p
      WHERE numnode(w.word) > 0;
  END $$`;

/** An SQL string literal of `text`. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // A trusted extension since PostgreSQL 13: the database's owner may create it without being a
  // superuser. Wherever it is (created here, in the first schema of the search_path, or before),
  // search_fold names its schema.
  try {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  } catch (err) {
    // Not installed on the server, or a user without CREATE on the database: say what to do.
    throw new Error(
      `Search needs PostgreSQL's unaccent extension (contrib modules): have the database's owner run CREATE EXTENSION unaccent; in it, then migrate again (${(err as Error).message})`,
    );
  }
  const found = (await knex.raw(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'`)) as { rows: Array<{ schema: string }> };
  const schema = found.rows[0]!.schema;
  await knex.raw(`CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN octet_length($1) = length($1) THEN $1 ELSE ${schema}.unaccent(${literal(`${schema}.unaccent`)}::regdictionary, $1) END
  $$`);
  // The GIN indexes are built once per table: more memory than the default 64 MB lets each
  // build its lists in fewer passes. This transaction only.
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await rebuildColumns(knex, folded);
  await wordTriggerFunctions(knex, folded);
  await listWordsNotAscii(knex, folded);
  await knex.raw('DROP FUNCTION search_queries(text, text[], boolean)');
  await knex.raw(SEARCH_QUERIES);
  // The planner's statistics of the new columns, rather than none until autovacuum comes by.
  await knex.raw('ANALYZE blog_posts');
  await knex.raw('ANALYZE videos');
  await knex.raw('ANALYZE search_words');
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await rebuildColumns(knex, asWritten);
  await wordTriggerFunctions(knex, asWritten);
  await listWordsNotAscii(knex, asWritten);
  await knex.raw('DROP FUNCTION IF EXISTS search_queries(text[], boolean)');
  await knex.raw(SEARCH_QUERIES_019);
  await knex.raw('DROP FUNCTION IF EXISTS search_fold(text)');
  // The extension stays: it may have been there before, for other uses, and costs nothing idle.
  await knex.raw('ANALYZE blog_posts');
  await knex.raw('ANALYZE videos');
}
