// An SMTP server on loopback that accepts every message and keeps nothing but counts: the
// destination of the mail section's newsletter (a real SMTP conversation per message, no parsing,
// so the bench measures the sender, not a parser).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** Messages accepted so far. */
  messages: () => number;
  /** Connections opened so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let messages = 0;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    // Many clients at once are fine; a newsletter's sender opens a handful.
    maxClients: 100,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('end', () => {
        messages += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => messages,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
