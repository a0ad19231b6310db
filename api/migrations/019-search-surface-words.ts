import type { Knex } from 'knex';

// PostgreSQL only: the words of the searchable text as they were written, each beside the lexeme
// the english configuration stores for it, so that a typed prefix finds the words it starts even
// where stemming has cut them shorter than the prefix (modules/search/search.repo.ts, pgSearch;
// why, in docs/decisions/022-postgres-search-reads-the-newest-rows.md). Nothing to do on SQLite:
// FTS5's unicode61 tokenizer does not stem, a prefix of a word is a prefix of its term.
//
// "atonement" is indexed as the lexeme 'aton', so the prefix query 'atonem':* matched nothing,
// and a reader typing the word saw its post vanish at "atonem" and come back at "atonement".
// search_words lists 'atonement' → 'aton': the prefix "atonem" also asks for 'aton'.
//
// - Only the words whose lexeme differs from the word itself: a word that is its own lexeme is
//   found by the lexeme prefix already (search_terms, migration 018), and a stop word has none.
// - The words come from the 'simple' configuration (the same parser, lower case, no stemming).
//   A hyphenated word is left out: its parts are words of their own, and a typed word never holds
//   a hyphen (lib/full-text.ts).
// - Kept by triggers as search_terms is: once per INSERT statement, per row on an edit of the
//   text. Words of deleted or edited rows stay: at worst a prefix also asks for a lexeme no row
//   holds, an empty lookup.

const sources = [
  { table: 'blog_posts', columns: ['title', 'excerpt', 'content'] },
  { table: 'videos', columns: ['title', 'description'] },
];

/** The searchable text of a row of `table` as one string, from the columns of `alias`. */
const textOf = (columns: readonly string[], alias: string) => columns.map((c) => `coalesce(${alias}.${c}, '')`).join(" || ' ' || ");

/**
 * The INSERT of the pairs (word, lexeme) of the words `words` (an SQL set of distinct words `w`).
 * In sorted order, so that two writers adding the same new words take their locks in the same order.
 */
const insertPairs = (words: string) => `INSERT INTO search_words (word, lexeme)
  SELECT w, l FROM (${words}) words, LATERAL (SELECT tsvector_to_array(to_tsvector('english', w)) AS ls) stem, unnest(stem.ls) AS l
  WHERE cardinality(stem.ls) = 1 AND l <> w
  ORDER BY w
  ON CONFLICT DO NOTHING`;

/**
 * The distinct words of `text` over the rows of `from`, as the 'simple' configuration parses
 * them. The text is cut at spaces first and each distinct piece parsed once: the parser never
 * reads a word across a space, and ~300 pieces a post are mostly the same few thousand, so this
 * parses a fraction of the text. Parsing each post whole took 0.27 ms a post, a third of what
 * writing it costs; cut first, 0.1 ms.
 */
const wordsOf = (text: string, from: string) => `SELECT DISTINCT w FROM (
    SELECT DISTINCT piece FROM ${from}, string_to_table(translate(${text}, E'\\n\\r\\t', '   '), ' ') AS piece
  ) pieces, unnest(tsvector_to_array(to_tsvector('simple', piece))) AS w
  WHERE strpos(w, '-') = 0`;

/** At most this many words a prefix is spelled out into (search.repo.ts, MOST_WORDS_PER_PREFIX). */
const MOST_WORDS_PER_PREFIX = 32;

/**
 * search_queries(words, tokens, spell): the two tsqueries site search asks with
 * (modules/search/search.repo.ts, pgSearch, where each is explained). `words` is the query as
 * toTsQuery writes it (lib/full-text.ts), only to choose the config: english, or simple when
 * every word is a stop word; `tokens` the typed words. Each word becomes its own tsquery, and
 * the words' tsqueries are ANDed:
 *
 * - scan_query: the word's lexeme as a prefix, or'ed with the lexemes of the words as written
 *   that start with the typed word (3 characters or more) and whose lexeme does not start with
 *   the word's own: 'atonem':* | 'aton'.
 * - index_query (when `spell`): the same with the prefix spelled out as the lexemes of
 *   search_terms it starts, when there are 1 to MOST_WORDS_PER_PREFIX of them.
 *
 * A PL/pgSQL function, because PL/pgSQL can keep the plan of its statement for the session:
 * written into each search statement, this part alone took 0.3-0.5 ms to plan on every search,
 * ten times what it takes to run (~0.03 ms). Left to choose, PL/pgSQL planned it again on every
 * call (~0.2 ms), as a plan for the values at hand looks cheaper than one for any value; the
 * plan is the same either way (index lookups by the words), hence force_generic_plan. The
 * search statements themselves are still planned each time, with their constants: a plan made
 * once for any value chose an index of published_at and took 13 ms instead of 0.7 for a rare word.
 */
const SEARCH_QUERIES = `CREATE FUNCTION search_queries(words text, tokens text[], spell boolean, OUT scan_query tsquery, OUT index_query tsquery)
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

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  // "C" collation: the words sort byte by byte, so a prefix is a range of the primary key, and the
  // lexeme rides in the index, so the lookup reads no table page.
  await knex.raw('CREATE TABLE search_words (word text COLLATE "C" NOT NULL, lexeme text COLLATE "C" NOT NULL, PRIMARY KEY (word) INCLUDE (lexeme))');
  for (const { table, columns } of sources) {
    await knex.raw(`CREATE FUNCTION ${table}_words_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${insertPairs(wordsOf(textOf(columns, 'new_rows'), 'new_rows'))};
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE FUNCTION ${table}_words_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${insertPairs(wordsOf(textOf(columns, 'NEW'), '(SELECT 1) one'))};
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE TRIGGER ${table}_words_ai AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_words_add_rows()`);
    await knex.raw(`CREATE TRIGGER ${table}_words_au AFTER UPDATE OF ${columns.join(', ')} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_words_add_row()`);
    await knex.raw(insertPairs(wordsOf(textOf(columns, 't'), `${table} t`)));
  }
  await knex.raw('ANALYZE search_words');
  await knex.raw(SEARCH_QUERIES);
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client !== 'pg') return;
  for (const { table } of sources) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_words_ai ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_words_au ON ${table}`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${table}_words_add_rows()`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${table}_words_add_row()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS search_queries(text, text[], boolean)');
  await knex.raw('DROP TABLE IF EXISTS search_words');
}
