import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../support/test-app';

// A small stand-in for dist/: the shell, the service worker, the manifest and hashed assets.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-dist-'));
const SHELL = '<!doctype html><title>shell</title><div id="root"></div>';
const BIG_ASSET = '/assets/big-abc123.js';
// As the build writes them (vite.config.ts): a text file with its .br and .gz beside it.
const PRECOMPRESSED = '/assets/app-def456.js';
const PRECOMPRESSED_TEXT = `export const words = ${JSON.stringify('in the beginning was the word '.repeat(200))};`;

beforeAll(() => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"context is key"}');
  fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(distDir, BIG_ASSET), 'x'.repeat(8 * 1024 * 1024));
  fs.writeFileSync(path.join(distDir, PRECOMPRESSED), PRECOMPRESSED_TEXT);
  fs.writeFileSync(path.join(distDir, `${PRECOMPRESSED}.br`), zlib.brotliCompressSync(PRECOMPRESSED_TEXT));
  fs.writeFileSync(path.join(distDir, `${PRECOMPRESSED}.gz`), zlib.gzipSync(PRECOMPRESSED_TEXT, { level: 9 }));
});
afterAll(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
});
// After the hooks above: dist/ is written before the app starts and removed after it closed.
const app = useTestApp({ env: { DIST_DIR: distDir } });

/** GET with the given Accept-Encoding, the body as the bytes on the wire. */
function getEncoded(rawPath: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** GET with the path exactly as given (no URL normalising). */
function rawGet(rawPath: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

describe('the built app on the same origin', () => {
  test.each(['/', '/blog/3', '/watch/12', '/search', '/a/route/never/seen'])('a client route (%s) gets the shell, never cached by HTTP', async (route) => {
    const res = await app.client().get(route);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toBe(SHELL);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  test('hashed assets are cached for a year as immutable; the service worker and the manifest are not cached', async () => {
    const asset = await app.client().get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const res = await app.client().get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    const icon = await app.client().get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  test('a file the build compressed is sent as compressed (brotli, else gzip), and as it is to a client that asks for neither', async () => {
    const br = await getEncoded(PRECOMPRESSED, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(fs.readFileSync(path.join(distDir, `${PRECOMPRESSED}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(PRECOMPRESSED_TEXT);

    const gz = await getEncoded(PRECOMPRESSED, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(PRECOMPRESSED_TEXT);

    const plain = await getEncoded(PRECOMPRESSED, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PRECOMPRESSED_TEXT);

    // Too small for the build to compress (no .br beside it): sent as it is, to a client asking for br too.
    const small = await getEncoded('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1);');
  });

  test('a missing file is a 404, not the shell (a stale chunk name must fail loudly)', async () => {
    const res = await app.client().get('/assets/gone-000000.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('shell');
  });

  test('a hashed file the server first did not have is served once the build adds it (a 404 is not remembered)', async () => {
    const name = '/assets/late-7e7e7e.js';
    expect((await app.client().get(name)).status).toBe(404);
    fs.writeFileSync(path.join(distDir, name), 'export const late = true;');
    const res = await app.client().get(name);
    expect(res.status).toBe(200);
    expect(res.text).toBe('export const late = true;');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  test('a source map, which the build does not compress, is compressed on its way', async () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA;'.repeat(2000) });
    fs.writeFileSync(path.join(distDir, 'assets', 'app-def456.js.map'), map);
    const res = await getEncoded('/assets/app-def456.js.map', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(map);
  });

  test('every request for an asset gets the same bytes and headers, HEAD included', async () => {
    const first = await getEncoded(PRECOMPRESSED, 'br');
    const again = await getEncoded(PRECOMPRESSED, 'br');
    expect(again.body.equals(first.body)).toBe(true);
    for (const header of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'last-modified', 'vary', 'x-content-type-options']) {
      expect(again.headers[header], header).toBe(first.headers[header]);
    }
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const head = await app.client().request('HEAD', PRECOMPRESSED, undefined, { headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(PRECOMPRESSED_TEXT)));
  });

  test('/api and uploaded objects are never answered with the shell', async () => {
    for (const p of ['/api/no-such-call', '/api', '/objects/no-such-object']) {
      const res = await app.client().get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type'), p).toMatch(/json/);
      expect(res.body.message, p).toEqual(expect.any(String));
    }
  });

  test('a path that climbs out of dist/ is refused, and no file outside it is read', async () => {
    const outside = 'not-for-the-web 7f3a';
    fs.writeFileSync(path.join(path.dirname(distDir), 'cik-secret.txt'), outside);
    try {
      // Sent as written (fetch would tidy the dots away before they reach the server).
      for (const p of ['/..%2fcik-secret.txt', '/assets/..%2f..%2fcik-secret.txt', '/../cik-secret.txt', '/assets/../../cik-secret.txt', '/%2e%2e/cik-secret.txt']) {
        const res = await rawGet(p);
        expect(res.status, p).toBeGreaterThanOrEqual(400);
        expect(res.text, p).not.toContain(outside);
      }
    } finally {
      fs.rmSync(path.join(path.dirname(distDir), 'cik-secret.txt'), { force: true });
    }
  });

  test('a reader who leaves while a large file is on its way is not logged as a server error', async () => {
    // The shared setup fails this test on any console.error.
    const url = new URL(BIG_ASSET, app.url);
    await new Promise<void>((resolve, reject) => {
      const req = http.get(url, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? resolve() : reject(err)));
    });
    // Let the server notice the closed socket and finish the request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await app.client().get('/assets/index-abc123.js');
    expect(after.status).toBe(200);
  });
});
