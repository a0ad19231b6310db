// A reader types a word letter by letter and the search box asks at each keystroke: every prefix
// of three letters or more must keep finding the post or video that holds the word, on both
// databases. PostgreSQL's english configuration stores a stem ("atonement" as 'aton'), so a
// prefix longer than the stem matched nothing until migration 019 listed the words as written
// beside their stems (modules/search/search.repo.ts, pgSearch;
// docs/decisions/022-postgres-search-reads-the-newest-rows.md). SQLite does not stem.
import { beforeEach, describe, expect, test } from 'vitest';
import { insertBlogPost, insertVideo, minuteClock } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const app = useTestApp();
beforeEach(async () => {
  await app.db('blog_posts').delete();
  await app.db('videos').delete();
});

const nextDate = minuteClock();

const post = (title: string, content: string, excerpt: string | null = null) =>
  insertBlogPost(app.db, { title, content, excerpt, read_time: 5, published_at: nextDate() });
const video = (title: string, description: string | null) =>
  insertVideo(app.db, { title, description, duration: '12:00', published_at: nextDate(), youtube_id: 'dQw4w9WgXcQ', is_short: false });

interface Answer {
  status: number;
  blogPosts: number[];
  videos: number[];
}
async function search(q: string, limit?: number): Promise<Answer> {
  const res = await app.client().get(`/api/search?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`);
  const body = res.body as { blogPosts?: Array<{ id: number }>; videos?: Array<{ id: number }> };
  return { status: res.status, blogPosts: (body.blogPosts ?? []).map((p) => p.id), videos: (body.videos ?? []).map((v) => v.id) };
}

/** "atonement" → "ato", "aton", …, "atonement": what the box holds at each keystroke from the third on. */
const typed = (word: string) => Array.from({ length: word.length - 2 }, (_, i) => word.slice(0, i + 3));

// Words of the sample content and the bench's corpus whose stem is shorter than the word, each
// with the first prefix PostgreSQL's lexeme prefix missed: atonement ('aton', from "atonem"),
// covenantal ('coven', "covena"), justification ('justif', "justifi"), sanctification
// ('sanctif', "sanctifi"), resurrection ('resurrect', "resurrecti"), apologetics ('apologet',
// "apologeti"), studying ('studi', "studyi"), teachings ('teach', "teachi").
const WORDS = ['atonement', 'covenantal', 'justification', 'sanctification', 'resurrection', 'apologetics', 'studying', 'teachings'];

describe('typing a word letter by letter', () => {
  test.each(WORDS)('when "%s" is typed, then every prefix of 3 letters or more finds the post and the video that hold it', async (word) => {
    await post('Weekly letter', 'Plain words about daily life.');
    const inBody = await post('Notes', `A few thoughts on ${word} for the week.`);
    const inVideo = await video('Lecture', `On ${word.toUpperCase()} and hope.`);
    await video('Other lecture', 'Nothing to do with it.');
    for (const prefix of typed(word)) {
      const answer = await search(prefix);
      expect({ prefix, ...answer }).toEqual({ prefix, status: 200, blogPosts: [inBody], videos: [inVideo] });
    }
  });

  test('when a title and an older body hold the word, then at every prefix the title ranks first, and a page of one shows it alone', async () => {
    const title = await post('The atonement', 'Plain words about daily life.');
    const body = await post('Notes', 'On the atonement and the cross.');
    for (const prefix of typed('atonement')) {
      expect({ prefix, found: (await search(prefix)).blogPosts }).toEqual({ prefix, found: [title, body] });
      // One match is a page of one: PostgreSQL answers it from the newest rows alone (pgSearch's first step).
      expect({ prefix, found: (await search(prefix, 1)).blogPosts }).toEqual({ prefix, found: [title] });
    }
  });

  test('when two words are typed, each cut short of its stem, then the post holding both is found and the one holding only one is not', async () => {
    const both = await post('Covenantal atonement', 'Why the covenant matters.');
    await post('Atonement', 'The cross.');
    await post('Covenantal theology', 'The covenant.');
    expect((await search('atonem covenanta')).blogPosts).toEqual([both]);
    expect((await search('covenanta atonemen', 1)).blogPosts).toEqual([both]);
  });

  test('when a prefix goes past the word, or its stem is another word, then nothing is found', async () => {
    await post('Partial views', 'On the atonement.');
    expect((await search('atonementz')).blogPosts).toEqual([]);
    // "partia" starts "partial" only: posts about a "part" are not found by it.
    const part = await post('A part', 'Part of the whole.');
    expect((await search('partia')).blogPosts).not.toContain(part);
  });

  test('when a post is edited to hold a new word, then its prefixes find it at once', async () => {
    const id = await post('Notes', 'Plain words.');
    await app.db('blog_posts').where({ id }).update({ content: 'On sanctification.' });
    for (const prefix of typed('sanctification')) expect({ prefix, found: (await search(prefix)).blogPosts }).toEqual({ prefix, found: [id] });
  });

  test('when the word sits between line breaks, tabs, punctuation or a no-break space, then its prefixes find it', async () => {
    const id = await post('Notes', 'First line,\n\tatonement;\r\nthen\u00a0covenantal\u00a0grace, (justification).');
    for (const word of ['atonement', 'covenantal', 'justification']) {
      for (const prefix of typed(word)) expect({ prefix, found: (await search(prefix)).blogPosts }).toEqual({ prefix, found: [id] });
    }
  });

  test.each([
    ['a stop word', 'just'],
    ['a stop word and a cut word', 'the atonem'],
    ['letters and digits', 'atonem2'],
    ['a word of 40 letters', 'a'.repeat(40)],
    ['accents', 'atoném'],
    ['twelve cut words', 'atonem covena justifi sanctifi resurrecti apologeti studyi teachi atonem2 covenan justifica sanctifica'],
  ])('when given %s, then 200', async (_label, q) => {
    await post('The atonement', 'Justification, sanctification and the resurrection.');
    expect((await search(q)).status).toBe(200);
  });
});
