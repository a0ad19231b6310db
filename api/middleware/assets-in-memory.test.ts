import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assetsInMemory } from './assets-in-memory';

// The memory's limits: what it will not hold goes on to the next middleware (the static files one).
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-assets-'));
const write = (name: string, bytes: number) => fs.writeFileSync(path.join(distDir, 'assets', name), 'x'.repeat(bytes));

let server: http.Server;
let base: string;
beforeAll(async () => {
  fs.mkdirSync(path.join(distDir, 'assets'));
  write('small-aaa111.js', 60);
  write('small-aaa111.js.gz', 60); // held with it: 120 bytes in all
  write('pair-bbb222.js', 20);
  write('pair-bbb222.js.gz', 20); // 120 + 20 would fit; 120 + 20 + 20 does not
  write('large-ccc333.js', 101); // over the cap of one file
  const app = new Koa();
  app.use(assetsInMemory(distDir, { maxFileBytes: 100, maxTotalBytes: 150 }));
  app.use((ctx) => {
    ctx.body = 'passed on';
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The body as sent (fetch would try to decompress it) and the headers that matter here. */
const get = (name: string, encoding = 'gzip') =>
  new Promise<{ body: string; cacheControl: string | undefined; encoding: string | undefined }>((resolve, reject) => {
    http
      .get(`${base}/assets/${name}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ body: Buffer.concat(chunks).toString(), cacheControl: res.headers['cache-control'], encoding: res.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });

describe('assetsInMemory', () => {
  test('holds a file with its compressed form and answers from memory, immutable', async () => {
    const first = await get('small-aaa111.js', 'gzip');
    expect(first).toEqual({ body: 'x'.repeat(60), cacheControl: 'public, max-age=31536000, immutable', encoding: 'gzip' });
    // Removed from disk, it is still answered: it is held.
    fs.rmSync(path.join(distDir, 'assets', 'small-aaa111.js.gz'));
    expect((await get('small-aaa111.js', 'gzip')).encoding).toBe('gzip');
  });

  test('a file over the cap of one file, or one that would take the total over its cap (compressed forms counted), is passed on', async () => {
    expect((await get('large-ccc333.js')).body).toBe('passed on');
    await get('small-aaa111.js');
    expect((await get('pair-bbb222.js')).body).toBe('passed on');
  });

  test('a name that is not a plain file name, or a source map, is passed on', async () => {
    expect((await get('..%2fsecret')).body).toBe('passed on');
    write('small-aaa111.js.map', 10);
    expect((await get('small-aaa111.js.map')).body).toBe('passed on');
  });
});
