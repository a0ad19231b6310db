// A reader of a teaching site types "agape", "hesed" or "Yahweh" where a post writes the
// transliteration "agapē", "ḥesed" or "Yahwéh", and the other way round: site search and the
// editor's desk must find the post either way, at every prefix, on both databases. SQLite's FTS5
// folds accents (unicode61 remove_diacritics 2); PostgreSQL folds them since migration 020, in
// what it indexes and in what is asked
// (docs/decisions/022-postgres-search-reads-the-newest-rows.md, "Accents").
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { editorClient, insertBlogPost, insertVideo, minuteClock } from '../support/fixtures';
import { useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();
let editor: ApiClient;
beforeAll(async () => {
  editor = (await editorClient(app)).client;
});
// Every test states the whole searchable content it needs.
beforeEach(async () => {
  await app.db('blog_posts').delete();
  await app.db('videos').delete();
});

const nextDate = minuteClock();

const post = (title: string, content: string, excerpt: string | null = null, status = 'published') =>
  insertBlogPost(app.db, { title, content, excerpt, status, read_time: 5, published_at: nextDate() });
const video = (title: string, description: string | null) =>
  insertVideo(app.db, { title, description, duration: '12:00', published_at: nextDate(), youtube_id: 'dQw4w9WgXcQ', is_short: false });

const ids = (list: unknown): number[] => (list as Array<{ id: number }>).map((x) => x.id);

/** What site search answers: its status and the ids it found. */
async function search(q: string): Promise<{ status: number; blogPosts: number[]; videos: number[] }> {
  const res = await app.client().get(`/api/search?q=${encodeURIComponent(q)}&limit=20`);
  return { status: res.status, blogPosts: ids(res.body.blogPosts ?? []), videos: ids(res.body.videos ?? []) };
}

/** What the editor's desk lists for `q` among posts in every state, newest first. */
async function desk(q: string): Promise<number[]> {
  const res = await editor.get(`/api/blog?status=all&q=${encodeURIComponent(q)}&limit=100`);
  expect(res.status).toBe(200);
  return ids(res.body);
}

/** Every prefix of three letters or more, as a reader types the word (by code points). */
const typed = (word: string) => Array.from({ length: Array.from(word).length - 2 }, (_, i) => Array.from(word).slice(0, i + 3).join(''));

describe('accents are folded in what is indexed and in what is asked', () => {
  test('when a post writes "agapē", then "agape", "Agapē" and every prefix find it, in site search and on the desk', async () => {
    const id = await post('Agapē: the love of God', 'Plain words.');
    for (const q of ['agape', 'AGAPE', 'Agapē', 'agapē', ...typed('agape'), ...typed('agapē')]) {
      expect({ q, found: (await search(q)).blogPosts }).toEqual({ q, found: [id] });
      expect({ q, found: await desk(q) }).toEqual({ q, found: [id] });
    }
  });

  test('when a post writes "agape", then "agapē" finds it', async () => {
    const id = await post('Love', 'The Greek word agape, love that gives.');
    expect((await search('agapē')).blogPosts).toEqual([id]);
    expect(await desk('agapē')).toEqual([id]);
  });

  test('when a post writes "ḥesed" and another "hesed", then either spelling finds both', async () => {
    const dotted = await post('Covenant love', 'The Hebrew ḥesed, steadfast love.');
    const plain = await post('Mercy', 'Hesed in the Psalms.');
    for (const q of ['hesed', 'ḥesed', 'Ḥesed', ...typed('hesed'), ...typed('ḥesed')]) {
      expect({ q, found: (await search(q)).blogPosts }).toEqual({ q, found: [plain, dotted] });
      expect({ q, found: await desk(q) }).toEqual({ q, found: [plain, dotted] });
    }
  });

  test('when an excerpt writes "Yahwéh", then "Yahweh" finds it, and "yahwéh" finds "Yahweh"', async () => {
    const accented = await post('The divine name', 'Plain words.', 'Why Yahwéh, and not a title.');
    const plain = await post('Exodus 3', 'I am who I am: Yahweh.');
    expect((await search('Yahweh')).blogPosts).toEqual([accented, plain]);
    expect((await search('yahwéh')).blogPosts).toEqual([accented, plain]);
    expect(await desk('Yahweh')).toEqual([plain, accented]);
  });

  test('when a long prefix has an accent, then it finds the word written without one, and the other way round', async () => {
    const plain = await post('Resurrection and hope', 'Plain words.');
    const accented = await post('Notes', 'La résurrection des morts.');
    for (const q of ['Résurrec', 'résurrection', 'resurrec', 'RESURRECTION']) {
      expect({ q, found: (await search(q)).blogPosts }).toEqual({ q, found: [plain, accented] });
      expect({ q, found: await desk(q) }).toEqual({ q, found: [accented, plain] });
    }
  });

  test('when a word stemming cuts short holds an accent, then each of its prefixes finds it', async () => {
    // PostgreSQL stores "réconciliation" as the stem of "reconciliation", shorter than "reconcilia":
    // the prefix finds it through the words as written (migration 019), which are folded too.
    const id = await post('Notes', 'On réconciliation.');
    for (const q of [...typed('reconciliation'), ...typed('réconciliation')]) {
      expect({ q, found: (await search(q)).blogPosts }).toEqual({ q, found: [id] });
      expect({ q, found: await desk(q) }).toEqual({ q, found: [id] });
    }
  });

  test('when a title has the accented word and a newer body the plain one, then the title still ranks first', async () => {
    const inTitle = await post('Agapē', 'Plain words.');
    const inBody = await post('Notes', 'On agape and eros.');
    expect((await search('agape')).blogPosts).toEqual([inTitle, inBody]);
    expect((await search('agapē')).blogPosts).toEqual([inTitle, inBody]);
  });

  test('when a video describes "ḥesed", then "hesed" finds it', async () => {
    const id = await video('Covenant words', 'Ḥesed and ʾemet in Exodus 34.');
    expect((await search('hesed')).videos).toEqual([id]);
    expect((await search('ḥese')).videos).toEqual([id]);
  });

  test('when the text writes its accents as combining marks, then the plain and the accented word find it', async () => {
    const id = await post('Notes', 'On aga\u0070e\u0304 and \u0068\u0323esed.');
    for (const q of ['agape', 'agapē', 'hesed', 'ḥesed']) expect({ q, found: (await search(q)).blogPosts }).toEqual({ q, found: [id] });
  });

  test('when a post is edited to hold an accented word, then the folded word finds it, and drafts on the desk', async () => {
    const id = await post('Notes', 'Plain words.', null, 'draft');
    await app.db('blog_posts').where({ id }).update({ content: 'On Yahwéh and ḥesed.' });
    expect(await desk('yahweh hesed')).toEqual([id]);
    expect((await search('yahweh')).blogPosts).toEqual([]);
    await app.db('blog_posts').where({ id }).update({ status: 'published' });
    expect((await search('yahweh hesed')).blogPosts).toEqual([id]);
  });

  test.each([
    ['a letter the folding turns into an apostrophe', 'ŉ'],
    ['a ligature', 'ǆ'],
    ['a combining mark alone', '\u0301'],
    ['a fraction', '½'],
    ['accents and a quote', "résurrec'tion"],
    ['a stop word with an accent', 'thé'],
    ['twelve accented words', 'āā ēē īī ōō ūū ḥḥ ṣṣ ṭṭ ẓẓ šš čč žž'],
  ])('when given %s, then 200 with lists, never 500', async (_label, q) => {
    await post('Agapē', 'Ḥesed and résurrection.');
    const res = await search(q);
    expect(res.status).toBe(200);
    expect((await editor.get(`/api/blog?status=all&q=${encodeURIComponent(q)}&limit=100`)).status).toBe(200);
  });
});
