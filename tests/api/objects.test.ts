import { beforeAll, describe, expect, test } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#contract';
import { signUp, useTestApp, type ApiClient } from '../support/test-app';

// The smallest valid files of each accepted type (1x1 pixel).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const app = useTestApp();
let owner: ApiClient;
beforeAll(async () => {
  owner = app.client();
  await signUp(owner);
});

async function ticket(client: ApiClient = owner): Promise<string> {
  const res = await client.post('/api/objects/upload');
  expect(res.status).toBe(201);
  return res.body.uploadURL as string;
}

function putFile(client: ApiClient, url: string, bytes: Buffer | string, contentType = 'image/png', headers: Record<string, string> = {}) {
  return client.put(url, undefined, { raw: bytes, headers: { 'content-type': contentType, ...headers } });
}

const objectIdOf = (objectURL: string) => objectURL.split('/').pop()!;

describe('POST /api/objects/upload', () => {
  test('when signed out, then 401 and no ticket is made', async () => {
    const before = await app.db('uploaded_objects').count({ n: '*' }).first();
    const res = await app.client().post('/api/objects/upload');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
    const after = await app.db('uploaded_objects').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  test('when signed in, then 201 with an absolute one-time uploadURL on this origin and a pending row', async () => {
    const res = await owner.post('/api/objects/upload');
    expect(res.status).toBe(201);
    expect(res.body.uploadURL).toMatch(new RegExp(`^${app.url}/api/objects/uploads/[A-Za-z0-9_-]{20,}$`));
    const token = (res.body.uploadURL as string).split('/').pop();
    const row = await app.db('uploaded_objects').where({ upload_token: token }).first();
    expect(row.status).toBe('pending');
    const ttl = new Date(row.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  test('when asked twice, then each ticket is different', async () => {
    expect(await ticket()).not.toBe(await ticket());
  });
});

describe('PUT /api/objects/uploads/:token', () => {
  test('when a real PNG is sent, then 200 with its absolute objectURL, and GET /objects/:id serves the same bytes', async () => {
    const res = await putFile(owner, await ticket(), PNG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ objectURL: expect.stringMatching(new RegExp(`^${app.url}/objects/[0-9a-f-]{36}$`)), contentType: 'image/png', size: PNG.length });
    const id = objectIdOf(res.body.objectURL);
    const row = await app.db('uploaded_objects').where({ id }).first();
    expect(row).toMatchObject({ status: 'stored', content_type: 'image/png' });
    expect(Number(row.size)).toBe(PNG.length);
    // The bytes are in the row itself, where every API process reads them.
    const stored = await app.db('uploaded_objects').where({ id }).first('body');
    expect(Buffer.from(stored.body)).toEqual(PNG);

    const served = await fetch(res.body.objectURL);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(served.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
  });

  test('when the same bytes are asked for with their ETag, then 304 without a body; another ETag gets the bytes', async () => {
    const res = await putFile(owner, await ticket(), PNG);
    const first = await fetch(res.body.objectURL);
    const etag = first.headers.get('etag')!;
    // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise, and a
    // server must answer that one in full; a browser revalidating its copy sends max-age=0.
    const again = await fetch(res.body.objectURL, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetch(res.body.objectURL, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer())).toEqual(PNG);
  });

  test('when two uploads hold the same bytes, then they are served with the same ETag', async () => {
    const a = await putFile(owner, await ticket(), GIF, 'image/gif');
    const b = await putFile(owner, await ticket(), GIF, 'image/gif');
    expect(a.body.objectURL).not.toBe(b.body.objectURL);
    expect((await fetch(a.body.objectURL)).headers.get('etag')).toBe((await fetch(b.body.objectURL)).headers.get('etag'));
  });

  test.each([
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a GIF', GIF, 'image/gif'],
    ['a WebP', WEBP, 'image/webp'],
  ])('when %s is sent, then it is stored with its type', async (_label, bytes, type) => {
    const res = await putFile(owner, await ticket(), bytes, type);
    expect(res.status).toBe(200);
    expect(res.body.contentType).toBe(type);
    const served = await app.client().get(new URL(res.body.objectURL).pathname);
    expect(served.headers.get('content-type')).toBe(type);
  });

  test('when the declared type lies, then the type detected from the bytes is stored', async () => {
    const res = await putFile(owner, await ticket(), GIF, 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.contentType).toBe('image/gif');
  });

  test.each([
    ['text named as a PNG', Buffer.from('just some text, not an image at all'), 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'application/pdf'],
    ['an empty body', Buffer.alloc(0), 'image/png'],
  ])('when %s is sent, then 415 and nothing is stored', async (_label, bytes, type) => {
    const url = await ticket();
    const res = await putFile(owner, url, bytes, type);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/PNG, JPEG, WebP or GIF/);
    const row = await app.db('uploaded_objects').where({ upload_token: url.split('/').pop() }).first();
    expect(row.status).toBe('pending');
    expect((await app.db('uploaded_objects').where({ id: row.id }).first('body')).body).toBeNull();
  });

  test('when the file is over 5242880 bytes, then 413 and the ticket can still take a right-sized file', async () => {
    const url = await ticket();
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    PNG.copy(big);
    const res = await putFile(owner, url, big);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/i);
    const retry = await putFile(owner, url, PNG);
    expect(retry.status).toBe(200);
  });

  test('when a chunked body (no Content-Length) goes past the limit, then 413', async () => {
    const url = await ticket();
    const chunk = Buffer.alloc(1024 * 1024);
    PNG.copy(chunk);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent += 1;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', cookie: owner.cookieHeader },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err as Error);
    if (res instanceof Error) throw res;
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/too large/i);
  });

  test('when a file exactly at the limit is sent, then it is accepted', async () => {
    const exact = Buffer.alloc(MAX_UPLOAD_BYTES);
    PNG.copy(exact);
    const res = await putFile(owner, await ticket(), exact);
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(MAX_UPLOAD_BYTES);
  });

  test('when the token is used a second time, then 404 and the first file stays', async () => {
    const url = await ticket();
    const first = await putFile(owner, url, PNG);
    expect(first.status).toBe(200);
    const second = await putFile(owner, url, GIF, 'image/gif');
    expect(second.status).toBe(404);
    expect(second.body.message).toMatch(/expired or already used/i);
    const served = await app.client().get(new URL(first.body.objectURL).pathname);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  test.each([
    ['an unknown token', '/api/objects/uploads/' + 'a'.repeat(43)],
    ['a malformed token', '/api/objects/uploads/..%2F..%2Fetc'],
  ])('when given %s, then 404 JSON', async (_label, url) => {
    const res = await putFile(owner, url, PNG);
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  test('when the ticket has expired, then 404', async () => {
    const url = await ticket();
    await app.db('uploaded_objects').where({ upload_token: url.split('/').pop() }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const res = await putFile(owner, url, PNG);
    expect(res.status).toBe(404);
  });

  test('when the upload comes from another site, then 403 and the ticket is untouched', async () => {
    const url = await ticket();
    const res = await putFile(owner, url, PNG, 'image/png', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const row = await app.db('uploaded_objects').where({ upload_token: url.split('/').pop() }).first();
    expect(row.status).toBe('pending');
  });
});

describe('GET /objects/:id', () => {
  test('when the object is still pending, then 404 JSON', async () => {
    const url = await ticket();
    const row = await app.db('uploaded_objects').where({ upload_token: url.split('/').pop() }).first();
    const res = await app.client().get(`/objects/${row.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  test.each([
    ['an unknown id', '/objects/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/objects/not-an-id'],
    ['a path trick', '/objects/..%2F..%2Fpackage.json'],
  ])('when given %s, then 404 JSON', async (_label, url) => {
    const res = await app.client().get(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});

describe('uploads no one needs are deleted', () => {
  const DAY = 24 * 60 * 60 * 1000;
  async function storedImage(client: ApiClient): Promise<{ id: string; objectURL: string }> {
    const res = await putFile(client, await ticket(client), PNG);
    expect(res.status).toBe(200);
    return { id: objectIdOf(res.body.objectURL), objectURL: res.body.objectURL as string };
  }
  const uploadedAgo = (id: string, ms: number) =>
    app.db('uploaded_objects').where({ id }).update({ created_at: new Date(Date.now() - ms).toISOString(), expires_at: new Date(Date.now() - ms + 15 * 60 * 1000).toISOString() });
  const hasBytes = async (id: string) => Boolean((await app.db('uploaded_objects').where({ id }).first('body'))?.body);
  const rowOf = (id: string) => app.db('uploaded_objects').where({ id }).first();

  test('when a new upload starts, then an image uploaded over a day ago that is no one’s avatar is gone (row, file, address); an avatar and a recent image stay', async () => {
    const client = app.client();
    const user = await signUp(client);
    const abandoned = await storedImage(client);
    const avatar = await storedImage(client);
    const recent = await storedImage(client);
    expect((await client.put(`/api/users/${user.id}/avatar`, { avatarUrl: avatar.objectURL })).status).toBe(200);
    await uploadedAgo(abandoned.id, DAY + 60_000);
    await uploadedAgo(avatar.id, 30 * DAY);
    await uploadedAgo(recent.id, DAY - 60 * 60 * 1000);

    await ticket(owner);

    expect(await rowOf(abandoned.id)).toBeUndefined();
    expect(await hasBytes(abandoned.id)).toBe(false);
    expect((await fetch(abandoned.objectURL)).status).toBe(404);
    for (const kept of [avatar, recent]) {
      expect(await rowOf(kept.id)).toMatchObject({ status: 'stored' });
      expect(await hasBytes(kept.id)).toBe(true);
      expect((await fetch(kept.objectURL)).status).toBe(200);
    }
  });

  test('when an upload was left half-received (the server stopped mid-PUT), then it is given up an hour after its ticket expired', async () => {
    const url = await ticket();
    const token = url.split('/').pop();
    const row = await app.db('uploaded_objects').where({ upload_token: token }).first();
    await app.db('uploaded_objects').where({ id: row.id }).update({ status: 'uploading' });

    // Still within the grace: an upload that is slow is not cut off.
    await uploadedAgo(row.id, 30 * 60 * 1000);
    await ticket();
    expect(await rowOf(row.id)).toMatchObject({ status: 'uploading' });

    await uploadedAgo(row.id, 2 * 60 * 60 * 1000);
    await ticket();
    expect(await rowOf(row.id)).toBeUndefined();
  });

  test('when another process holds the sweep’s lease, then a new upload does not sweep; once it has lapsed, it does', async () => {
    const client = app.client();
    await signUp(client);
    const abandoned = await storedImage(client);
    await uploadedAgo(abandoned.id, DAY + 60_000);
    await app.db('job_leases').where({ name: 'upload-sweep' }).delete();
    await app.db('job_leases').insert({ name: 'upload-sweep', holder: 'another-host:1:abc', expires_at: Date.now() + 60_000 });

    await ticket(owner);
    expect(await rowOf(abandoned.id)).toMatchObject({ status: 'stored' });

    await app.db('job_leases').where({ name: 'upload-sweep' }).update({ expires_at: Date.now() - 1000 });
    await ticket(owner);
    expect(await rowOf(abandoned.id)).toBeUndefined();
    expect((await app.db('job_leases').where({ name: 'upload-sweep' }).first()).holder).not.toBe('another-host:1:abc');
  });
});
