import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { insertBlogPost } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

// Requests a fuzzer sends and a browser never does: each still gets a JSON {message} with a 4xx.
const app = useTestApp();

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** node:http, to send exactly these headers and bytes (fetch sets its own framing and encodings). */
function rawRequest(method: string, path: string, headers: Record<string, string>, chunks: Buffer[] = []): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${path}`, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

function expectJsonMessage(res: RawResponse, status: number): { message: string } {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { message: unknown };
  expect(typeof body.message).toBe('string');
  return body as { message: string };
}

const JSON_BODY = Buffer.from(JSON.stringify({ email: 'encoded@example.com' }));

describe('a request body whose Content-Encoding does not match its bytes', () => {
  test.each([
    ['gzip', JSON_BODY],
    ['deflate', JSON_BODY],
    ['br', JSON_BODY],
    ['gzip', zlib.gzipSync(JSON_BODY).subarray(0, 20)],
    ['br', zlib.deflateSync(JSON_BODY)],
  ])('when it says %s, then 400 JSON {message}, not 500', async (encoding, bytes) => {
    const res = await rawRequest('POST', '/api/newsletter', { 'Content-Type': 'application/json', 'Content-Encoding': encoding, 'Content-Length': String(bytes.length) }, [bytes]);
    expect(expectJsonMessage(res, 400).message).toMatch(/encod/i);
  });

  test('when the encoding is one the server does not know, then 415 JSON {message}', async () => {
    const res = await rawRequest('POST', '/api/newsletter', { 'Content-Type': 'application/json', 'Content-Encoding': 'compress', 'Content-Length': String(JSON_BODY.length) }, [JSON_BODY]);
    expect(expectJsonMessage(res, 415).message).toMatch(/encoding/i);
  });

  test('when it matches (gzip), then the body is read as usual', async () => {
    const bytes = zlib.gzipSync(JSON_BODY);
    const res = await rawRequest('POST', '/api/newsletter', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': String(bytes.length) }, [bytes]);
    expectJsonMessage(res, 200);
  });
});

describe('a method a route does not have', () => {
  test.each([
    ['DELETE', '/api/newsletter', 'POST'],
    ['PUT', '/api/videos', 'GET'],
  ])('when %s %s, then 405 JSON {message} with an Allow header', async (method, path, allowed) => {
    const res = await rawRequest(method, path, { 'Content-Length': '0' });
    expect(expectJsonMessage(res, 405).message).toContain(method);
    expect(res.headers.allow?.split(/,\s*/)).toContain(allowed);
  });
});

describe('a POST with an empty chunked body and no Content-Type', () => {
  test('is a request without a body: the route answers (here 400 for the missing email), not 415', async () => {
    const res = await rawRequest('POST', '/api/newsletter', { 'Transfer-Encoding': 'chunked' });
    expect(expectJsonMessage(res, 400).message).toMatch(/email/i);
  });

  test('a call that needs no body succeeds', async () => {
    const res = await rawRequest('POST', '/api/auth/logout', { 'Transfer-Encoding': 'chunked' });
    expect(res.status).toBeLessThan(300);
  });

  test('a chunked body that is not JSON is still 415', async () => {
    const res = await rawRequest('POST', '/api/newsletter', { 'Transfer-Encoding': 'chunked', 'Content-Type': 'text/plain' }, [Buffer.from('email=a@b.co')]);
    expectJsonMessage(res, 415);
  });

  test('a chunked body without Content-Type is still 415', async () => {
    const res = await rawRequest('POST', '/api/newsletter', { 'Transfer-Encoding': 'chunked' }, [Buffer.from('{"email":"a@example.com"}')]);
    expectJsonMessage(res, 415);
  });
});

describe('an Accept-Encoding that refuses every coding, identity too', () => {
  // koa-compress set `Content-Encoding: undefined` then, and Node refused the header: a 500.
  test.each(['*;q=0', 'identity;q=0', 'gzip;q=0, br;q=0, identity;q=0'])('"%s" gets the answer as it is (no coding), never a 500', async (acceptEncoding) => {
    // Enough posts that the feed passes the compression threshold (1 kB).
    while ((await rawRequest('GET', '/feed.xml', {})).text.length < 4096) await insertBlogPost(app.db);
    const res = await rawRequest('GET', '/feed.xml', { 'accept-encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toMatch(/^<\?xml[\s\S]*<\/rss>\s*$/);
    // Whereas a client that takes gzip gets it.
    expect((await rawRequest('GET', '/feed.xml', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });
});
