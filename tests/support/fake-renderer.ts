import { BroadcastChannel } from 'node:worker_threads';
import type { RenderRequest, RenderResult } from '#contract/server-render';

// A stand-in for the server build's renderer (dist/.server/entry-server.js) whose answers a test
// gives. Pages are built on the render thread (api/middleware/render-thread.ts), where the test's
// variables are not: the stand-in asks the test over a BroadcastChannel, which reaches every
// thread of the process, and the test answers with its own function.

/** What the stand-in hands the test: the request as the renderer got it, less the DOM window. */
export type FakeRenderRequest = Omit<RenderRequest, 'domWindow'>;

/** The source of entry-server.js for a stand-in that asks `channel` for each page. */
export function fakeRendererSource(channel: string): string {
  return `import { BroadcastChannel } from 'node:worker_threads';
let asked = 0;
export function render(request) {
  const id = process.pid + '-' + Date.now() + '-' + (asked += 1);
  const channel = new BroadcastChannel(${JSON.stringify(channel)});
  return new Promise((resolve, reject) => {
    channel.onmessage = ({ data }) => {
      if (data.id !== id || !('reply' in data)) return;
      channel.close();
      if ('error' in data.reply) reject(new Error(data.reply.error));
      else resolve(data.reply.result);
    };
    channel.postMessage({ id, request: { url: request.url, siteUrl: request.siteUrl, apiBase: request.apiBase } });
  });
}
`;
}

/** Answers the stand-in's pages on `channel` with `answer` (a throw is the renderer's throw) until closed. */
export function answerFakeRenders(channel: string, answer: (request: FakeRenderRequest) => Promise<RenderResult>): { close: () => void } {
  const port = new BroadcastChannel(channel);
  port.onmessage = (event) => {
    const { id, request } = (event as { data: { id: string; request?: FakeRenderRequest } }).data;
    if (!request) return;
    Promise.resolve()
      .then(() => answer(request))
      .then(
        (result) => port.postMessage({ id, reply: { result } }),
        (err: unknown) => port.postMessage({ id, reply: { error: err instanceof Error ? err.message : String(err) } }),
      );
  };
  port.unref();
  return { close: () => port.close() };
}
