// A real SMTP server on loopback for the tests (smtp-server on 127.0.0.1, a random port) whose
// mail mailparser reads back: no mock of the mail path.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sleep } from './server-process';

export interface Smtp {
  url: string;
  received: ParsedMail[];
  /** Each accepted message's bytes as they came, in the order of `received` (for signature checks). */
  raw: Buffer[];
  /** DATA commands answered, accepted or not. */
  calls: () => number;
  /** SMTP connections opened so far. */
  connections: () => number;
  /** The most messages that were ever being received at once. */
  maxInFlight: () => number;
  close: () => Promise<void>;
}

/** An SMTP server on loopback. `answer(n)` gives the reply code for the n-th message (default 250); `delayMs` holds each before answering. */
export async function startSmtp(opts: { answer?: (n: number) => number; delayMs?: number } = {}): Promise<Smtp> {
  const received: ParsedMail[] = [];
  const raw: Buffer[] = [];
  let calls = 0;
  let connections = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      const n = (calls += 1);
      const code = opts.answer?.(n) ?? 250;
      maxInFlight = Math.max(maxInFlight, (inFlight += 1));
      const answer = (err?: Error) => {
        inFlight -= 1;
        callback(err ?? null);
      };
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (bytes) => ({ bytes, parsed: await simpleParser(bytes) }))
        .then(
          async ({ bytes, parsed }) => {
            if (opts.delayMs) await sleep(opts.delayMs);
            if (code >= 400) return answer(Object.assign(new Error(code >= 500 ? 'No such mailbox' : 'Try again later'), { responseCode: code }));
            received.push(parsed);
            raw.push(bytes);
            answer();
          },
          (err: Error) => answer(err),
        );
    },
  });
  // A client that dies mid-conversation (a killed server) resets its connection: that is the
  // client's failure to show, not the sink's, so it must not become an uncaught error here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    raw,
    calls: () => calls,
    connections: () => connections,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
