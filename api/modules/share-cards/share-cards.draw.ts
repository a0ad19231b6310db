import { Worker } from 'node:worker_threads';
import type { CardDrawing } from './share-cards.render';
import type { DrawAnswer, DrawRequest } from './share-cards.worker';

/** Draws a card to PNG bytes. */
export type DrawCard = (drawing: CardDrawing) => Promise<Buffer>;

/**
 * Cards drawn on a thread of their own (share-cards.worker.ts), started on the first card and
 * kept for the next ones. It does not keep the process alive; one that dies takes the drawings
 * it had with it (they fail) and the next card starts another.
 */
export function drawOnWorkerThread(): DrawCard {
  let worker: Worker | null = null;
  let next = 0;
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (err: Error) => void }>();

  function failAll(err: Error): void {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(new URL('./share-cards.worker.mjs', import.meta.url));
    thread.unref();
    thread.on('message', (answer: DrawAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('png' in answer) waiting.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      else waiting.reject(new Error(`The share card could not be drawn: ${answer.error}`));
    });
    thread.on('error', (err) => {
      if (worker === thread) worker = null;
      failAll(err);
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(new Error(`The share-card thread stopped (exit code ${code}).`));
    });
    worker = thread;
    return thread;
  }

  return (drawing) =>
    new Promise<Buffer>((resolve, reject) => {
      const id = (next += 1);
      pending.set(id, { resolve, reject });
      started().postMessage({ id, drawing } satisfies DrawRequest);
    });
}
