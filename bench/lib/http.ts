// Raw HTTP GETs over node:http (fetch would add Accept-Encoding: gzip; the bench sends none).
import http from 'node:http';

export interface RawResponse {
  status: number;
  contentType: string;
  /** Content-Encoding, '' when the body is sent as it is. */
  contentEncoding: string;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, kept-alive connection, no Accept-Encoding unless given: the body as bytes, as sent. */
export function rawGet(url: string, headers: { accept: string; 'accept-encoding'?: string } = { accept: 'application/json' }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          contentEncoding: String(res.headers['content-encoding'] ?? ''),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
  });
}

export function closeAgent(): void {
  agent.destroy();
}
