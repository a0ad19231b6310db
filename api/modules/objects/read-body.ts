import type { Readable } from 'node:stream';
import { AppError } from '#api/errors';

export const tooLarge = (limit: number) => new AppError(413, `The file is too large. The limit is ${limit} bytes (${Math.round(limit / 1048576)} MB).`);

/**
 * Reads a raw request body into memory, counting bytes as they arrive: past `limit` it stops
 * reading at once (413) instead of buffering whatever a chunked body keeps sending.
 * A body another middleware already consumed reads as empty.
 */
export function readLimitedBody(stream: Readable, limit: number): Promise<Buffer> {
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (err: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (err) reject(err);
      else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) {
        stream.pause();
        settle(tooLarge(limit));
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => settle(null, Buffer.concat(chunks, size));
    const onError = () => settle(new AppError(400, 'The upload was interrupted. Please try again.'));
    const onClose = () => settle(new AppError(400, 'The upload was interrupted. Please try again.'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
