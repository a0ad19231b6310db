// A bare node:http server that answers recorded responses from memory: the ceiling the app's
// throughput is compared with. Usage: bare-server.ts <responses.json>, where the file holds
// [{ path, status, contentType, contentEncoding?, bodyBase64 }] (the body as sent: gzipped bytes
// with their Content-Encoding, sent whatever the request accepts). Prints `BENCH_READY {"url","pid"}` once it listens.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceReady } from './lib/processes';

export interface RecordedResponse {
  path: string;
  status: number;
  contentType: string;
  /** 'gzip', 'br': the recorded body is already encoded so, and sent as it is. */
  contentEncoding?: string;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <responses.json>');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedResponse[];
const answers = new Map(
  recorded.map((r) => {
    const body = Buffer.from(r.bodyBase64, 'base64');
    const headers: Record<string, string> = { 'content-type': r.contentType, 'content-length': String(body.length) };
    if (r.contentEncoding) Object.assign(headers, { 'content-encoding': r.contentEncoding, vary: 'Accept-Encoding' });
    return [r.path, { status: r.status, body, headers }] as const;
  }),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404, { 'content-type': 'text/plain', 'content-length': '9' }).end('not found');
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announceReady(`http://127.0.0.1:${port}`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
