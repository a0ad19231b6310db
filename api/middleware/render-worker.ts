// The render thread (see render-thread.ts): builds the pages of one build, one message per page,
// several at once (each mostly waits for the API's answers). Loads the renderer and the template,
// with their stylesheets compiled, before it says it is ready, so the first page does not pay for that.
import { parentPort, workerData } from 'node:worker_threads';
import type { PageRequest } from './render-thread';
import { pageBuilder } from './server-render';

const port = parentPort!;
const { distDir } = workerData as { distDir: string };
const builder = pageBuilder(distDir);

port.on('message', ({ id, request }: { id: number; request: PageRequest }) => {
  builder.build(request).then(
    (answer) => port.postMessage({ id, answer }, answer?.kind === 'page' ? [answer.html.buffer as ArrayBuffer] : []),
    (err: unknown) => {
      const error = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
      port.postMessage({ id, error });
    },
  );
});
await builder.prepare();
port.postMessage('ready');
