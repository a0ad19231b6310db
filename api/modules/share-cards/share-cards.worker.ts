import { parentPort } from 'node:worker_threads';
import { drawCard, type CardDrawing } from './share-cards.render';

// The thread that draws the share cards (started by share-cards.draw.ts): satori's layout is
// synchronous JavaScript, tens of milliseconds a card and most of a second for the first one (its
// fonts and layout engine), which on the server's own thread would hold up every other request.

export interface DrawRequest {
  id: number;
  drawing: CardDrawing;
}

export type DrawAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

const port = parentPort!;
port.on('message', ({ id, drawing }: DrawRequest) => {
  drawCard(drawing).then(
    // Copied, not transferred: ~100 kB, and resvg's buffer may not be one that can be handed over.
    (png) => port.postMessage({ id, png } satisfies DrawAnswer),
    (err: unknown) => port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies DrawAnswer),
  );
});
