import { beforeEach, describe, expect, test } from 'vitest';
import { searchResultSchema } from '#contract';
import { insertBlogPost, insertVideo as insertVideoRow, minuteClock } from '../support/fixtures';
import { useTestApp } from '../support/test-app';
import { testDialect } from '../support/test-db';

const app = useTestApp();
// Every test states the whole searchable content it needs.
beforeEach(async () => {
  await app.db('blog_posts').delete();
  await app.db('videos').delete();
});

const nextDate = minuteClock();

function insertPost(p: { title: string; content?: string; excerpt?: string | null; publishedAt?: string }): Promise<number> {
  return insertBlogPost(app.db, {
    title: p.title,
    content: p.content ?? 'Plain words.',
    excerpt: p.excerpt === undefined ? null : p.excerpt,
    read_time: 5,
    published_at: p.publishedAt ?? nextDate(),
  });
}

function insertVideo(v: { title: string; description?: string | null; isShort?: boolean }): Promise<number> {
  return insertVideoRow(app.db, {
    title: v.title,
    description: v.description === undefined ? null : v.description,
    duration: '12:00',
    published_at: nextDate(),
    youtube_id: 'dQw4w9WgXcQ',
    is_short: v.isShort ?? false,
  });
}

const search = (q: string, extra = '') => app.client().get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('GET /api/search', () => {
  test('when words match, then videos and post summaries come back in the contract shape, without post bodies', async () => {
    const video = await insertVideo({ title: 'Defending the faith', description: 'Apologetics for beginners' });
    const post = await insertPost({ title: 'Faith and reason', content: 'A long **Markdown** body.', excerpt: 'Why both matter' });
    const res = await search('faith');
    expect(res.status).toBe(200);
    expect(searchResultSchema.parse(res.body)).toBeTruthy();
    expect(ids(res.body.videos)).toEqual([video]);
    expect(ids(res.body.blogPosts)).toEqual([post]);
    expect(res.body.blogPosts[0]).not.toHaveProperty('content');
    expect(res.body.blogPosts[0]).toMatchObject({ featured: false, isExternal: false, readTime: 5, views: 0, excerpt: 'Why both matter' });
    expect(typeof res.body.videos[0].isShort).toBe('boolean');
  });

  test('when a word is in one title and another body, then the title match ranks first', async () => {
    const inBody = await insertPost({ title: 'Sunday notes', content: 'We spoke about the atonement and grace today.' });
    const inTitle = await insertPost({ title: 'The Atonement', content: 'Why the cross matters.' });
    const inExcerpt = await insertPost({ title: 'Weekly letter', excerpt: 'On atonement', content: 'Letters and news.' });
    const res = await search('atonement');
    expect(ids(res.body.blogPosts)).toEqual([inTitle, inExcerpt, inBody]);
  });

  test('when more posts match than one page holds, then an older title match still ranks first and body matches follow newest first', async () => {
    const older = await insertPost({ title: 'Providence explained', content: 'Nothing else here.' });
    const bodyOnly: number[] = [];
    for (let i = 0; i < 25; i++) bodyOnly.push(await insertPost({ title: `Letter ${i}`, content: 'A word on providence in daily life.' }));
    const res = await search('provid');
    expect(res.body.blogPosts).toHaveLength(20);
    expect(res.body.blogPosts[0].id).toBe(older);
    expect(ids(res.body.blogPosts).slice(1)).toEqual(bodyOnly.reverse().slice(0, 19));
  });

  test('when a video title matches and another description does, then the title match ranks first', async () => {
    const inDescription = await insertVideo({ title: 'Q&A night', description: 'Questions on predestination' });
    const inTitle = await insertVideo({ title: 'Predestination explained' });
    const res = await search('predestination');
    expect(ids(res.body.videos)).toEqual([inTitle, inDescription]);
  });

  test('when given the start of a word, then it matches the whole word', async () => {
    const post = await insertPost({ title: 'The resurrection of Jesus' });
    const video = await insertVideo({ title: 'Evidence for the Resurrection' });
    const res = await search('resur');
    expect(ids(res.body.blogPosts)).toEqual([post]);
    expect(ids(res.body.videos)).toEqual([video]);
  });

  test('when given several words, then every one of them is required', async () => {
    const both = await insertPost({ title: 'Grace and truth', content: 'Full of grace and truth.' });
    await insertPost({ title: 'Grace alone' });
    await insertPost({ title: 'Truth matters' });
    const res = await search('grace TRUTH');
    expect(ids(res.body.blogPosts)).toEqual([both]);
  });

  test('when words differ in case or spacing, then they still match', async () => {
    const post = await insertPost({ title: 'Covenant theology' });
    expect(ids((await search('COVENANT')).body.blogPosts)).toEqual([post]);
    expect(ids((await search('  covenant   theo ')).body.blogPosts)).toEqual([post]);
  });

  test('when a post is inserted, updated or deleted, then search sees it at once', async () => {
    const id = await insertPost({ title: 'Sanctification today' });
    expect(ids((await search('sanctif')).body.blogPosts)).toEqual([id]);
    await app.db('blog_posts').where({ id }).update({ title: 'Justification today' });
    expect((await search('sanctif')).body.blogPosts).toEqual([]);
    expect(ids((await search('justif')).body.blogPosts)).toEqual([id]);
    await app.db('blog_posts').where({ id }).delete();
    expect((await search('justif')).body.blogPosts).toEqual([]);
  });

  test('when a video is inserted, then search sees it at once', async () => {
    const id = await insertVideo({ title: 'Eschatology primer' });
    expect(ids((await search('eschat')).body.videos)).toEqual([id]);
  });

  test('when the query is only stop words, then 200, and words still match as prefixes', async () => {
    const post = await insertPost({ title: 'Theology basics' });
    const res = await search('the');
    expect(res.status).toBe(200);
    expect(ids(res.body.blogPosts)).toEqual([post]);
  });

  test('when a limit is given, then at most that many of each come back', async () => {
    for (let i = 0; i < 4; i++) await insertPost({ title: `Prayer lesson ${i}` });
    const res = await search('prayer', '&limit=2');
    expect(res.body.blogPosts).toHaveLength(2);
  });

  test.each([
    ['blank text', '   '],
    ['empty text', ''],
  ])('when given %s, then empty lists', async (_label, q) => {
    await insertPost({ title: 'Anything' });
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ videos: [], blogPosts: [] });
  });

  test('when q is missing, then empty lists', async () => {
    const res = await app.client().get('/api/search');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ videos: [], blogPosts: [] });
  });

  test('when a prefix starts many different words, then a post with any of them is found', async () => {
    const posts: number[] = [];
    // More words than a prefix is spelled out into (the search falls back to the prefix itself).
    for (let i = 0; i < 40; i++) posts.push(await insertPost({ title: `Note ${i}`, content: `On sanctif${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}ing.` }));
    const few = await insertPost({ title: 'Other', content: 'On glorification and glorified saints.' });
    const res = await search('sanctif', '&limit=50');
    expect(ids(res.body.blogPosts).sort()).toEqual([...posts].sort());
    expect(ids((await search('glorif')).body.blogPosts)).toEqual([few]);
  });

  test('when a video is edited, then its new words are found by their start and its old ones no more', async () => {
    const id = await insertVideo({ title: 'Church history overview', description: 'From the apostles on.' });
    await app.db('videos').where({ id }).update({ description: 'From the Cappadocians to Chalcedon.' });
    expect(ids((await search('cappado')).body.videos)).toEqual([id]);
    expect(ids((await search('chalced')).body.videos)).toEqual([id]);
    expect((await search('apostl')).body.videos).toEqual([]);
  });

  // Both fold accents: SQLite's index (unicode61 remove_diacritics), PostgreSQL since migration 020 (search-accents.test.ts).
  test('when a long prefix has an accent, then it still matches the word without one', async () => {
    const post = await insertPost({ title: 'Resurrection and hope' });
    expect(ids((await search('Résurrec')).body.blogPosts)).toEqual([post]);
  });

  const hostile: [string, string][] = [
    ['a double quote', '"'],
    ['an unbalanced quote in a word', 'resur"rection'],
    ['a star', '*'],
    ['a trailing star', 'resur*'],
    ['a percent sign', '%'],
    ['a percent pattern', '%resur%'],
    ['SQL injection', "' OR 1=1 --"],
    ['a DROP TABLE', "'; DROP TABLE blog_posts; --"],
    ['an FTS5 NEAR group', 'NEAR('],
    ['FTS5 operators', 'AND OR NOT'],
    ['an FTS5 column filter', 'title:resur'],
    ['FTS5 prefix syntax', '^resur + -faith'],
    ['tsquery operators', "resur:* & !faith | (x <-> y)"],
    ['a backslash', '\\'],
    ['a NUL byte', 'a\u0000b'],
    ['emoji', '🙏✝️🔥'],
    ['emoji between words', 'resur🙏rection'],
    ['number symbols', '½ ² ①'],
    ['only punctuation', '.,;:!?()[]{}<>-_=+'],
    ['1000 characters of mixed punctuation', '"*%\'();:^{}[]<>|&!~-NEAR(OR'.repeat(40).slice(0, 1000)],
    ['1000 characters of words', 'resurrection '.repeat(80).slice(0, 1000)],
  ];
  test.each(hostile)('when given %s, then 200, never 500', async (_label, q) => {
    await insertPost({ title: 'The resurrection', content: 'faith near x y' });
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(searchResultSchema.parse(res.body)).toBeTruthy();
    expect(await app.db('blog_posts').count({ n: '*' }).first()).toBeTruthy();
  });

  test('when given many random mixes of letters, digits, symbols and operators, then every answer is 200', async () => {
    await insertPost({ title: 'Faith and the resurrection', content: 'Grace, truth and hope.' });
    await insertVideo({ title: 'Grace explained', description: 'Faith near hope' });
    const alphabet = [..."aeioutrsnfgAEZ019²½ǅé日本ß\"'*%:&|!()<>-+^~{}[],.;\\/_@#$ \t\n🙏✝️"].concat(['NEAR', 'AND', 'OR', 'NOT', ':*', '<->']);
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 60; i++) {
      const length = 1 + Math.floor(rand() * 40);
      const q = Array.from({ length }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
      const res = await search(q);
      expect(res.status, `q=${JSON.stringify(q)}`).toBe(200);
    }
  });

  test('when given 1000 characters, then 200; when given 1001, then 400 with a message', async () => {
    expect((await search('a'.repeat(1000))).status).toBe(200);
    const res = await search('a'.repeat(1001));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/1000/);
  });

  test.each([
    ['a zero limit', '&limit=0'],
    ['a limit over 50', '&limit=51'],
    ['a text limit', '&limit=ten'],
    ['a repeated q', '&q=again'],
  ])('when given %s, then 400', async (_label, extra) => {
    const res = await search('faith', extra);
    expect(res.status).toBe(400);
  });
});

// Which loop SQLite runs outermost is the planner's choice, and the wrong one is not slower by a
// little: probing the full-text index once per published post re-reads the word's postings each
// time, and on 100 000 posts one search ran for minutes. The plan, unlike a timing, is the same
// on a handful of rows as on a large table, so it is checked here.
describe.skipIf(testDialect() === 'pg')('search query plans on SQLite', () => {
  interface Query {
    sql: string;
    bindings: unknown[];
  }

  async function queriesOf(requests: () => Promise<unknown>): Promise<Query[]> {
    const seen: Query[] = [];
    const listener = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
    app.db.on('query', listener);
    try {
      await requests();
    } finally {
      app.db.removeListener('query', listener);
    }
    return seen.filter((q) => /_fts\b|search_terms/.test(q.sql));
  }

  async function planOf(q: Query): Promise<string[]> {
    const rows = (await app.db.raw(`EXPLAIN QUERY PLAN ${q.sql}`, q.bindings as never[])) as { detail: string }[];
    return rows.map((r) => r.detail);
  }

  test('when searching posts and videos, with or without the video filters, then each query starts from the full-text index and reads rows only by id', async () => {
    await insertPost({ title: 'Grace and truth', content: 'Full of grace.' });
    await insertVideo({ title: 'Grace explained', isShort: true });
    const queries = await queriesOf(async () => {
      expect((await search('grace')).status).toBe(200);
      expect((await search('gra truth')).status).toBe(200);
      expect((await search('gracious truthful')).status).toBe(200);
      expect((await app.client().get('/api/videos?q=grace&type=short&category=theology')).status).toBe(200);
    });
    expect(queries.length).toBeGreaterThanOrEqual(4);
    for (const q of queries) {
      const plan = await planOf(q);
      const where = `${q.sql}\n${plan.join('\n')}`;
      const fts = plan.findIndex((line) => /^SCAN \w+_fts VIRTUAL TABLE/.test(line));
      expect(fts, where).toBeGreaterThanOrEqual(0);
      // The posts or videos table only by primary key, inside the index's loop; never by one of its
      // own indexes (status, category…) or a scan, which would put it outside.
      for (const line of plan.slice(0, fts)) expect(line, where).not.toMatch(/^(SCAN|SEARCH) (t|blog_posts|videos)\b/);
      for (const line of plan) expect(line, where).not.toMatch(/^(SCAN|SEARCH) (t|blog_posts|videos) USING (COVERING )?INDEX/);
      for (const line of plan) expect(line, where).not.toMatch(/^SCAN (t|blog_posts|videos)\b(?! VIRTUAL)/);
      // A long prefix's words are a range of search_terms' primary key, never a scan of every word.
      for (const line of plan) expect(line, where).not.toMatch(/^SCAN search_terms\b/);
    }
  });
});
