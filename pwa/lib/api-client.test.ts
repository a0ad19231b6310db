import * as z from 'zod/mini';
import { ApiError, apiFetch, NetworkError, ResponseShapeError, serverMessageOf, withQuery } from './api-client';
import { json, mockFetch, offline } from '../test/fetch';

const itemSchema = z.object({ id: z.number(), title: z.string() });

describe('apiFetch', () => {
  test('sends JSON with same-origin credentials and parses a 2xx body with the schema', async () => {
    const requests = mockFetch(() => json(201, { id: 1, title: 'Grace', extra: true }));
    const item = await apiFetch('/api/things', { method: 'POST', body: { title: 'Grace' }, schema: itemSchema });
    expect(item).toEqual({ id: 1, title: 'Grace' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/things', body: { title: 'Grace' }, credentials: 'same-origin' });
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  test('a schema to load is loaded beside the request and parses the answer; one that cannot load fails the call', async () => {
    mockFetch(() => json(200, { id: 3, title: 'Faith', extra: 1 }));
    let loads = 0;
    const lazy = () => {
      loads += 1;
      return Promise.resolve(itemSchema);
    };
    expect(await apiFetch('/api/things/3', { schema: lazy })).toEqual({ id: 3, title: 'Faith' });
    expect(loads).toBe(1);
    mockFetch(() => json(200, { id: 'three' }));
    await expect(apiFetch('/api/things/3', { schema: lazy })).rejects.toBeInstanceOf(ResponseShapeError);
    const missing = new Error('the chunk did not load');
    await expect(apiFetch('/api/things/3', { schema: () => Promise.reject(missing) })).rejects.toBe(missing);
  });

  test('offline, a call with a schema that cannot load fails as a network error', async () => {
    mockFetch(() => offline());
    const error = await apiFetch('/api/things/3', { schema: () => Promise.reject(new Error('no chunk')) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });

  test('a GET sends no body and no JSON content type', async () => {
    const requests = mockFetch(() => json(200, { id: 2, title: 'Hope' }));
    await apiFetch('/api/things/2', { schema: itemSchema });
    expect(requests[0]).toMatchObject({ method: 'GET', body: undefined });
    expect(requests[0]!.headers.get('Content-Type')).toBeNull();
  });

  test("when the answer is not 2xx, then it throws ApiError '{status}: {body text}' with the server's message", async () => {
    const body = { message: 'That username is already taken.' };
    mockFetch(() => json(409, body));
    const error = await apiFetch('/api/auth/signup', { method: 'POST', body: {}, schema: itemSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'That username is already taken.', message: `409: ${JSON.stringify(body)}` });
    expect(serverMessageOf(error)).toBe('That username is already taken.');
  });

  test('when the error body is empty, then the message uses the status text', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = await apiFetch('/api/videos').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable', serverMessage: undefined });
  });

  test('when the error body is plain text, then the message carries it and there is no server message', async () => {
    mockFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiFetch('/api/videos').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: '502: Bad gateway', serverMessage: undefined });
  });

  test('a 4xx body never becomes data, even when it would fit the schema', async () => {
    mockFetch(() => json(400, { message: 'Bad input' }));
    await expect(apiFetch('/api/x', { schema: z.object({ message: z.string() }) })).rejects.toBeInstanceOf(ApiError);
  });

  test('a 2xx body that does not match the contract throws ResponseShapeError', async () => {
    mockFetch(() => json(200, { id: 'one' }));
    await expect(apiFetch('/api/things/1', { schema: itemSchema })).rejects.toBeInstanceOf(ResponseShapeError);
  });

  test("a 401 throws by default and gives null when configured with on401: 'null'", async () => {
    mockFetch(() => json(401, { message: 'Please sign in to continue.' }));
    await expect(apiFetch('/api/users/1/bookmarks', { schema: z.array(itemSchema) })).rejects.toMatchObject({ status: 401 });
    await expect(apiFetch('/api/users/1/bookmarks', { schema: z.array(itemSchema), on401: 'null' })).resolves.toBeNull();
  });

  test("on401: 'null' still throws other errors", async () => {
    mockFetch(() => json(403, { message: 'Not yours' }));
    await expect(apiFetch('/api/users/1/bookmarks', { schema: z.array(itemSchema), on401: 'null' })).rejects.toMatchObject({ status: 403 });
  });

  test('when the network fails, then it throws NetworkError', async () => {
    mockFetch(() => offline());
    const error = await apiFetch('/api/videos').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(serverMessageOf(error)).toBeUndefined();
  });

  test('a cancelled request rejects with the abort reason, not a NetworkError', async () => {
    const controller = new AbortController();
    mockFetch(() => {
      controller.abort();
      return new DOMException('The operation was aborted.', 'AbortError');
    });
    const error = await apiFetch('/api/videos', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });

  test('cancelled while its schema still loads (the answer came first), it rejects as cancelled and never answers', async () => {
    mockFetch(() => json(200, { id: 3, title: 'Faith' }));
    const controller = new AbortController();
    let loaded: (schema: typeof itemSchema) => void = () => undefined;
    const call = apiFetch('/api/things/3', { schema: () => new Promise<typeof itemSchema>((resolve) => (loaded = resolve)), signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    loaded(itemSchema);
    const error = await call.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });

  test('without a schema, a write answers the parsed body or undefined for an empty one', async () => {
    mockFetch((r) => (r.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, { message: 'ok' })));
    await expect(apiFetch('/api/auth/logout', { method: 'POST', body: {} })).resolves.toEqual({ message: 'ok' });
    await expect(apiFetch('/api/blog/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('withQuery', () => {
  test('adds the defined parameters, encoded', () => {
    expect(withQuery('/api/comments', { contentType: 'video', contentId: 3, skip: undefined })).toBe('/api/comments?contentType=video&contentId=3');
    expect(withQuery('/api/search', { q: 'faith & reason' })).toBe('/api/search?q=faith+%26+reason');
    expect(withQuery('/api/videos', {})).toBe('/api/videos');
  });
});
