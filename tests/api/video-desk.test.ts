// Videos as the editor's desk writes them: add by YouTube link, edit, feature and delete, each
// refused to someone signed out and to a reader, in the API's order (401, 400, 403, 404, 409). The
// public cache is on here (as in production), so every read after a write shows that the write
// dropped what it made stale.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { videoSchema } from '#contract';
import { editorClient } from '../support/fixtures';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';
import { addStudyData as addStudy, studyRows as countStudyRows } from '#tests/support/study-data';

// A long-lived public cache: an answer read before a write is still there after it unless the write dropped it.
const app = useTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
let editor: ApiClient;
let member: ApiClient;
let editorId: number;
let memberId: number;

beforeAll(async () => {
  ({ client: editor, id: editorId } = await editorClient(app));
  member = app.client();
  memberId = (await signUp(member, uniqueName('reader'))).id;
});

/** A YouTube id no other test uses: 8 random bytes are 11 base64url characters. */
const newYoutubeId = () => crypto.randomBytes(8).toString('base64url');
/** A word no other video or post has, for search: letters only, so no tokenizer splits it. */
const newWord = () => `zq${Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;

const validVideo = (overrides: Record<string, unknown> = {}) => ({
  url: `https://youtu.be/${newYoutubeId()}`,
  title: `Why the resurrection matters ${newWord()}`,
  description: 'An hour on the empty tomb.',
  category: 'apologetics',
  duration: '12:34',
  ...overrides,
});

async function rowsWithYoutubeId(youtubeId: string): Promise<number> {
  return (await app.db('videos').where({ youtube_id: youtubeId })).length;
}

async function videoCount(): Promise<number> {
  const row = await app.db('videos').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

async function addVideo(overrides: Record<string, unknown> = {}) {
  const res = await editor.post('/api/videos', validVideo(overrides));
  if (res.status !== 201) throw new Error(`add video failed: ${res.status} ${res.text}`);
  return res.body as { id: number; title: string; youtubeId: string; isShort: boolean; publishedAt: string; featured: boolean; views: number };
}

/** Each bad field, with a value that is not one: the answer is a 400 whose message names the field. */
const BAD_FIELDS: Array<[string, string, Record<string, unknown>]> = [
  ['no url', 'url', { url: undefined }],
  ['an empty url', 'url', { url: '' }],
  ['a blank url', 'url', { url: '   ' }],
  ['a url that is a number', 'url', { url: 12345678901 }],
  ['a link to another host', 'url', { url: 'https://vimeo.com/dQw4w9WgXcQ' }],
  ['a look-alike host', 'url', { url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }],
  ['an id of 10 characters', 'url', { url: 'dQw4w9WgXc' }],
  ['a watch link with an id of 12 characters', 'url', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ' }],
  ['a javascript: link', 'url', { url: 'javascript:alert(1)' }],
  ['a channel link', 'url', { url: 'https://www.youtube.com/@someone' }],
  ['a url of 501 characters', 'url', { url: `https://youtu.be/dQw4w9WgXcQ?x=${'a'.repeat(470)}` }],
  ['no title', 'title', { title: undefined }],
  ['a blank title', 'title', { title: '   ' }],
  ['a title of 201 characters', 'title', { title: 'x'.repeat(201) }],
  ['a numeric title', 'title', { title: 42 }],
  ['a numeric description', 'description', { description: 42 }],
  ['a description of 5001 characters', 'description', { description: 'x'.repeat(5001) }],
  ['no category', 'category', { category: undefined }],
  ['an unknown category', 'category', { category: 'sermons' }],
  ['no duration', 'duration', { duration: undefined }],
  ['a duration without a colon', 'duration', { duration: '754' }],
  ['a numeric duration', 'duration', { duration: 754 }],
  ['a duration with one-digit seconds', 'duration', { duration: '12:3' }],
  ['a duration with 60 seconds', 'duration', { duration: '12:60' }],
  ['a duration with 60 minutes under an hour', 'duration', { duration: '1:60:00' }],
  ['a duration of 0:00', 'duration', { duration: '0:00' }],
  ['a duration of four parts', 'duration', { duration: '1:02:03:04' }],
  ['a duration in words', 'duration', { duration: 'an hour' }],
  ['a publishedAt that is not a date', 'publishedAt', { publishedAt: 'yesterday' }],
  ['a publishedAt that is a date alone', 'publishedAt', { publishedAt: '2024-05-01' }],
  ['a numeric publishedAt', 'publishedAt', { publishedAt: 1714521600000 }],
];

describe('POST /api/videos', () => {
  test('when an editor adds a youtu.be link, then 201 with the video as GET /api/videos/{id} answers it', async () => {
    const youtubeId = newYoutubeId();
    const input = validVideo({ url: `https://youtu.be/${youtubeId}?si=share`, duration: '1:02:03' });
    const before = Date.now();
    const res = await editor.post('/api/videos', input);
    expect(res.status).toBe(201);
    expect(videoSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      title: input.title,
      description: input.description,
      category: 'apologetics',
      duration: '1:02:03',
      views: 0,
      youtubeId,
      isShort: false,
      featured: false,
    });
    expect(new Date(res.body.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(res.body.publishedAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const read = await app.client().get(`/api/videos/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  test('when an editor adds a /shorts/ link, then the video is a short, listed with the shorts', async () => {
    const youtubeId = newYoutubeId();
    const shortsBefore = await app.client().get('/api/videos?type=short&limit=50');
    const res = await editor.post('/api/videos', validVideo({ url: `https://www.youtube.com/shorts/${youtubeId}`, duration: '0:45' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ youtubeId, isShort: true, duration: '0:45' });
    const shorts = await app.client().get('/api/videos?type=short&limit=50');
    expect(shorts.body.length).toBe(shortsBefore.body.length + 1);
    expect(shorts.body[0].id).toBe(res.body.id);
    const full = await app.client().get('/api/videos?type=video&limit=100');
    expect(full.body.map((v: { id: number }) => v.id)).not.toContain(res.body.id);
  });

  test.each([
    ['a watch link', (id: string) => `https://www.youtube.com/watch?v=${id}&t=42s`],
    ['a watch link without www', (id: string) => `https://youtube.com/watch?v=${id}`],
    ['a mobile watch link', (id: string) => `https://m.youtube.com/watch?v=${id}`],
    ['a live link', (id: string) => `https://www.youtube.com/live/${id}`],
    ['an embed link', (id: string) => `https://www.youtube.com/embed/${id}`],
    ['a link without a scheme', (id: string) => `youtu.be/${id}`],
    ['a bare id', (id: string) => id],
  ])('when an editor adds %s, then 201 with its id, full-length', async (_label, link) => {
    const youtubeId = newYoutubeId();
    const res = await editor.post('/api/videos', validVideo({ url: link(youtubeId) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ youtubeId, isShort: false });
  });

  test('when the description is left out or blank, then it is null; fields are trimmed', async () => {
    const { description: _description, ...input } = validVideo();
    const res = await editor.post('/api/videos', { ...input, title: `  ${input.title}  `, duration: ' 5:07 ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: input.title, description: null, duration: '5:07' });
    const blank = await editor.post('/api/videos', validVideo({ description: '   ' }));
    expect(blank.body.description).toBeNull();
  });

  test('when publishedAt is given with an offset, then it is stored as that instant in UTC', async () => {
    const res = await editor.post('/api/videos', validVideo({ publishedAt: '2024-05-01T10:30:00+02:00' }));
    expect(res.status).toBe(201);
    expect(res.body.publishedAt).toBe('2024-05-01T08:30:00.000Z');
  });

  test('when the YouTube id was added already, in any form, then 409 naming the video, with its id, and nothing stored', async () => {
    const first = await addVideo();
    const before = await videoCount();
    for (const url of [`https://www.youtube.com/watch?v=${first.youtubeId}`, first.youtubeId, `https://youtube.com/shorts/${first.youtubeId}`]) {
      const res = await editor.post('/api/videos', validVideo({ url }));
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(first.title);
      expect(res.body.video).toMatchObject({ id: first.id, title: first.title, youtubeId: first.youtubeId });
    }
    expect(await videoCount()).toBe(before);
    expect(await rowsWithYoutubeId(first.youtubeId)).toBe(1);
  });

  test('when editors add the same link at once, then it is added once and the others get 409', async () => {
    const input = validVideo();
    // 20 at once: without the lock, PostgreSQL lets two of them through (measured).
    const answers = await Promise.all(Array.from({ length: 20 }, () => editor.post('/api/videos', input)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await rowsWithYoutubeId(String(input.url).slice(-11))).toBe(1);
  });

  test('when an id differs from one on the site only in letter case, then it is another video', async () => {
    const youtubeId = `aB${newYoutubeId().slice(2)}`;
    await addVideo({ url: youtubeId });
    const res = await editor.post('/api/videos', validVideo({ url: `Ab${youtubeId.slice(2)}` }));
    expect(res.status).toBe(201);
  });

  test.each(BAD_FIELDS)('when given %s, then 400 naming %s and nothing stored', async (_label, field, patch) => {
    const before = await videoCount();
    const res = await editor.post('/api/videos', { ...validVideo(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field}\\b`, 'i'));
    expect(await videoCount()).toBe(before);
  });

  test('when the link is not a YouTube link, then the message says which links are taken', async () => {
    const res = await editor.post('/api/videos', validVideo({ url: 'https://example.com/sermon' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^url: url must be a YouTube link .*youtu\.be.*shorts.*11-character video id/);
  });

  test.each([
    ['an array', []],
    ['a string', 'https://youtu.be/dQw4w9WgXcQ'],
    ['nothing', undefined],
  ])('when the body is %s, then 400', async (_label, body) => {
    const res = await editor.post('/api/videos', body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when signed out, then 401, even with a bad body, and nothing stored', async () => {
    const before = await videoCount();
    expect((await app.client().post('/api/videos', validVideo())).status).toBe(401);
    expect((await app.client().post('/api/videos', validVideo({ url: 'nope' }))).status).toBe(401);
    expect(await videoCount()).toBe(before);
  });

  test('when a reader sends a bad body, then 400 before 403; a good one, then 403 and nothing stored', async () => {
    const before = await videoCount();
    expect((await member.post('/api/videos', validVideo({ url: 'https://vimeo.com/1' }))).status).toBe(400);
    const res = await member.post('/api/videos', validVideo());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only editors can manage videos.');
    expect(await videoCount()).toBe(before);
  });

  test('when a reader sends the link of a video on the site, then 403, not 409', async () => {
    const first = await addVideo();
    expect((await member.post('/api/videos', validVideo({ url: first.youtubeId }))).status).toBe(403);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back and one row exists', async () => {
    const input = validVideo();
    const headers = { 'Idempotency-Key': `video-${crypto.randomUUID()}` };
    const first = await editor.post('/api/videos', input, { headers });
    const second = await editor.post('/api/videos', input, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await rowsWithYoutubeId(first.body.youtubeId)).toBe(1);
  });

  test('when a new video is added, then the list, search and the sitemap show it at once', async () => {
    const word = newWord();
    const reader = app.client();
    // Read first, so each answer sits in the public cache.
    await reader.get('/api/videos');
    expect((await reader.get(`/api/search?q=${word}`)).body.videos).toEqual([]);
    expect((await reader.get('/sitemap.xml')).status).toBe(200);
    const video = await addVideo({ title: `The ${word} lecture` });
    const list = await reader.get('/api/videos');
    expect(list.body[0]).toMatchObject({ id: video.id, title: `The ${word} lecture` });
    const found = await reader.get(`/api/search?q=${word}`);
    expect(found.body.videos.map((v: { id: number }) => v.id)).toEqual([video.id]);
    const filtered = await reader.get(`/api/videos?q=${word}`);
    expect(filtered.body.map((v: { id: number }) => v.id)).toEqual([video.id]);
    expect((await reader.get('/sitemap.xml')).text).toContain(`/watch/${video.id}<`);
  });
});

describe('PUT /api/videos/:id', () => {
  test('the public cache is on here: a change made in the table alone is not seen until a write drops the answer', async () => {
    const video = await addVideo();
    const reader = app.client();
    expect((await reader.get(`/api/videos/${video.id}`)).body.title).toBe(video.title);
    await app.db('videos').where({ id: video.id }).update({ title: 'Changed behind the API' });
    expect((await reader.get(`/api/videos/${video.id}`)).body.title).toBe(video.title);
    await editor.put(`/api/videos/${video.id}`, validVideo({ url: video.youtubeId, title: 'Changed by the desk' }));
    expect((await reader.get(`/api/videos/${video.id}`)).body.title).toBe('Changed by the desk');
  });

  test('when an editor edits a video, then 200 with it as readers now get it; views, featured and date are kept', async () => {
    const video = await addVideo({ publishedAt: '2024-02-01T00:00:00.000Z' });
    await app.db('videos').where({ id: video.id }).update({ views: 7 });
    await editor.put(`/api/videos/${video.id}/featured`);
    const reader = app.client();
    await reader.get(`/api/videos/${video.id}`);
    const edit = { url: video.youtubeId, title: `Edited ${newWord()}`, description: 'Now with notes.', category: 'theology', duration: '45:00' };
    const res = await editor.put(`/api/videos/${video.id}`, edit);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: video.id,
      title: edit.title,
      description: 'Now with notes.',
      category: 'theology',
      duration: '45:00',
      views: 7,
      publishedAt: '2024-02-01T00:00:00.000Z',
      youtubeId: video.youtubeId,
      isShort: false,
      featured: true,
    });
    expect((await reader.get(`/api/videos/${video.id}`)).body).toEqual(res.body);
  });

  test('when the link names another YouTube video, then the video takes its id; a /shorts/ link makes it a short, another form full-length', async () => {
    const video = await addVideo();
    const shortId = newYoutubeId();
    const asShort = await editor.put(`/api/videos/${video.id}`, validVideo({ url: `https://youtube.com/shorts/${shortId}`, publishedAt: '2023-03-03T03:03:03.000Z' }));
    expect(asShort.status).toBe(200);
    expect(asShort.body).toMatchObject({ youtubeId: shortId, isShort: true, publishedAt: '2023-03-03T03:03:03.000Z' });
    const back = await editor.put(`/api/videos/${video.id}`, validVideo({ url: `https://www.youtube.com/watch?v=${shortId}` }));
    expect(back.body).toMatchObject({ youtubeId: shortId, isShort: false });
    expect(await rowsWithYoutubeId(video.youtubeId)).toBe(0);
  });

  test('when the link names a video on the site other than this one, then 409 naming it, and nothing changes', async () => {
    const other = await addVideo();
    const video = await addVideo();
    const res = await editor.put(`/api/videos/${video.id}`, validVideo({ url: `https://youtu.be/${other.youtubeId}` }));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(other.title);
    expect(res.body.video.id).toBe(other.id);
    expect((await app.client().get(`/api/videos/${video.id}`)).body).toMatchObject({ title: video.title, youtubeId: video.youtubeId });
  });

  test('when the edit reaches search, then the new words find it and the old ones no longer do, at once', async () => {
    const [oldWord, newer] = [newWord(), newWord()];
    const video = await addVideo({ title: `The ${oldWord} talk` });
    const reader = app.client();
    expect((await reader.get(`/api/search?q=${oldWord}`)).body.videos).toHaveLength(1);
    expect((await reader.get(`/api/search?q=${newer}`)).body.videos).toHaveLength(0);
    const list = await reader.get('/api/videos?limit=50');
    expect(list.body.find((v: { id: number }) => v.id === video.id)?.title).toBe(`The ${oldWord} talk`);
    await editor.put(`/api/videos/${video.id}`, validVideo({ url: video.youtubeId, title: `The ${newer} talk` }));
    expect((await reader.get(`/api/search?q=${oldWord}`)).body.videos).toHaveLength(0);
    expect((await reader.get(`/api/search?q=${newer}`)).body.videos.map((v: { id: number }) => v.id)).toEqual([video.id]);
    expect((await reader.get('/api/videos?limit=50')).body.find((v: { id: number }) => v.id === video.id)?.title).toBe(`The ${newer} talk`);
    // The description is indexed too.
    const described = newWord();
    await editor.put(`/api/videos/${video.id}`, validVideo({ url: video.youtubeId, title: `The ${newer} talk`, description: `On ${described}.` }));
    expect((await reader.get(`/api/search?q=${described}`)).body.videos.map((v: { id: number }) => v.id)).toEqual([video.id]);
  });

  test.each(['999999', '2147483648', 'abc'])('when the id is %s (no such video), then 404', async (id) => {
    const res = await editor.put(`/api/videos/${id}`, validVideo());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Video not found');
  });

  test('when the id is unknown and the link is taken, then 404 before 409', async () => {
    const other = await addVideo();
    expect((await editor.put('/api/videos/999999', validVideo({ url: other.youtubeId }))).status).toBe(404);
  });

  test.each(BAD_FIELDS)('when given %s, then 400 naming %s and nothing changes', async (_label, field, patch) => {
    const video = await addVideo();
    const res = await editor.put(`/api/videos/${video.id}`, { ...validVideo(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field}\\b`, 'i'));
    expect((await app.client().get(`/api/videos/${video.id}`)).body.title).toBe(video.title);
  });

  test('when the id is unknown and the body bad, then 400 before 404', async () => {
    expect((await editor.put('/api/videos/999999', validVideo({ duration: 'long' }))).status).toBe(400);
  });

  test('when signed out, then 401; a reader, then 400 for a bad body, else 403 (even for an unknown id); nothing changes', async () => {
    const video = await addVideo();
    expect((await app.client().put(`/api/videos/${video.id}`, validVideo())).status).toBe(401);
    expect((await app.client().put(`/api/videos/${video.id}`, validVideo({ url: '' }))).status).toBe(401);
    expect((await member.put(`/api/videos/${video.id}`, validVideo({ url: '' }))).status).toBe(400);
    expect((await member.put(`/api/videos/${video.id}`, validVideo())).status).toBe(403);
    expect((await member.put('/api/videos/999999', validVideo())).status).toBe(403);
    expect((await app.client().get(`/api/videos/${video.id}`)).body.title).toBe(video.title);
  });
});

describe('PUT /api/videos/:id/featured', () => {
  test('when an editor features a video, then it is the one featured video, and the featured answer follows at once', async () => {
    const first = await addVideo();
    const second = await addVideo();
    const reader = app.client();
    const one = await editor.put(`/api/videos/${first.id}/featured`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, featured: true });
    expect((await reader.get('/api/videos/featured')).body.id).toBe(first.id);
    const two = await editor.put(`/api/videos/${second.id}/featured`);
    expect(two.body).toMatchObject({ id: second.id, featured: true, title: second.title });
    expect((await reader.get('/api/videos/featured')).body.id).toBe(second.id);
    const flagged = await app.db('videos').where({ featured: true }).select('id');
    expect(flagged.map((r) => Number(r.id))).toEqual([second.id]);
    expect((await reader.get(`/api/videos/${first.id}`)).body.featured).toBe(false);
  });

  test('when the featured video is featured again, then it stays the one', async () => {
    const video = await addVideo();
    await editor.put(`/api/videos/${video.id}/featured`);
    const again = await editor.put(`/api/videos/${video.id}/featured`);
    expect(again.status).toBe(200);
    expect((await app.db('videos').where({ featured: true })).map((r) => Number(r.id))).toEqual([video.id]);
  });

  test('when the id is unknown, then 404 and the featured video stays', async () => {
    const video = await addVideo();
    await editor.put(`/api/videos/${video.id}/featured`);
    expect((await editor.put('/api/videos/999999/featured')).status).toBe(404);
    expect((await editor.put('/api/videos/abc/featured')).status).toBe(404);
    expect((await app.client().get('/api/videos/featured')).body.id).toBe(video.id);
  });

  test('when signed out, then 401; a reader, then 403 (even for an unknown id); nothing moves', async () => {
    const featured = await addVideo();
    await editor.put(`/api/videos/${featured.id}/featured`);
    const other = await addVideo();
    expect((await app.client().put(`/api/videos/${other.id}/featured`)).status).toBe(401);
    expect((await member.put(`/api/videos/${other.id}/featured`)).status).toBe(403);
    expect((await member.put('/api/videos/999999/featured')).status).toBe(403);
    expect((await app.db('videos').where({ featured: true })).map((r) => Number(r.id))).toEqual([featured.id]);
  });
});

describe('DELETE /api/videos/:id', () => {
  const addStudyData = (contentType: 'blog' | 'video', contentId: number) => addStudy(app.db, [editorId, memberId], contentType, contentId);
  const studyRows = (contentType: string, contentId: number) => countStudyRows(app.db, contentType, contentId);

  test('when an editor deletes a video, then 204 and the video, its bookmarks, progress and comments are gone; others stay', async () => {
    const doomed = await addVideo();
    const kept = await addVideo();
    await addStudyData('video', doomed.id);
    await addStudyData('video', kept.id);
    await addStudyData('blog', doomed.id);
    const res = await editor.delete(`/api/videos/${doomed.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await rowsWithYoutubeId(doomed.youtubeId)).toBe(0);
    expect(await studyRows('video', doomed.id)).toBe(0);
    expect(await studyRows('video', kept.id)).toBe(6);
    expect(await studyRows('blog', doomed.id)).toBe(6);
  });

  test('when a video is deleted, then its page, the list and search drop it at once, and its link may be added again', async () => {
    const word = newWord();
    const video = await addVideo({ title: `The ${word} sermon` });
    const reader = app.client();
    expect((await reader.get(`/api/videos/${video.id}`)).status).toBe(200);
    expect((await reader.get('/api/videos')).body[0].id).toBe(video.id);
    expect((await reader.get(`/api/search?q=${word}`)).body.videos).toHaveLength(1);
    expect((await editor.delete(`/api/videos/${video.id}`)).status).toBe(204);
    expect((await reader.get(`/api/videos/${video.id}`)).status).toBe(404);
    expect((await reader.get('/api/videos')).body.map((v: { id: number }) => v.id)).not.toContain(video.id);
    expect((await reader.get(`/api/search?q=${word}`)).body.videos).toEqual([]);
    expect((await editor.post('/api/videos', validVideo({ url: video.youtubeId }))).status).toBe(201);
  });

  test('when the featured video is deleted, then no video is flagged featured', async () => {
    const video = await addVideo();
    await editor.put(`/api/videos/${video.id}/featured`);
    expect((await app.client().get('/api/videos/featured')).body.id).toBe(video.id);
    expect((await editor.delete(`/api/videos/${video.id}`)).status).toBe(204);
    expect(await app.db('videos').where({ featured: true })).toHaveLength(0);
    expect((await app.client().get('/api/videos/featured')).body?.id).not.toBe(video.id);
  });

  test('when the id is unknown, then 404; deleting twice, then 404 the second time', async () => {
    expect((await editor.delete('/api/videos/999999')).status).toBe(404);
    expect((await editor.delete('/api/videos/abc')).status).toBe(404);
    const video = await addVideo();
    expect((await editor.delete(`/api/videos/${video.id}`)).status).toBe(204);
    const again = await editor.delete(`/api/videos/${video.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Video not found');
  });

  test('when signed out, then 401; a reader, then 403 (even for an unknown id); nothing deleted', async () => {
    const video = await addVideo();
    await addStudyData('video', video.id);
    expect((await app.client().delete(`/api/videos/${video.id}`)).status).toBe(401);
    expect((await member.delete(`/api/videos/${video.id}`)).status).toBe(403);
    expect((await member.delete('/api/videos/999999')).status).toBe(403);
    expect(await rowsWithYoutubeId(video.youtubeId)).toBe(1);
    expect(await studyRows('video', video.id)).toBe(6);
  });

  test('when the delete is replayed with its Idempotency-Key, then the first answer comes back', async () => {
    const video = await addVideo();
    const headers = { 'Idempotency-Key': `video-delete-${crypto.randomUUID()}` };
    expect((await editor.delete(`/api/videos/${video.id}`, undefined, { headers })).status).toBe(204);
    const replay = await editor.delete(`/api/videos/${video.id}`, undefined, { headers });
    expect(replay.status).toBe(204);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
