// A Server-Sent Events client for tests (and the bench): opens a `text/event-stream` with fetch,
// parses its events as a browser's EventSource does, and waits for the ones a test expects.

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** `data` parsed as JSON (undefined when it is not). */
  json: any;
  /** performance.now() when the event arrived. */
  at: number;
}

export interface OpenEventStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order (comments are counted in `comments`). */
  events: StreamEvent[];
  comments: () => number;
  /** The first event (at or after `from`, an index in `events`) that matches, waiting up to `timeoutMs`. */
  next: (match: (e: StreamEvent) => boolean, opts?: { timeoutMs?: number; from?: number }) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<OpenEventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  let comments = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  let current: { id?: string; event?: string; data: string[] } = { data: [] };
  let lastId: string | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (current.data.length || current.event) {
        const data = current.data.join('\n');
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          json = undefined;
        }
        if (current.id !== undefined) lastId = current.id;
        events.push({ id: current.id ?? lastId, event: current.event ?? 'message', data, json, at: performance.now() });
        wake();
      }
      current = { data: [] };
      return;
    }
    if (text.startsWith(':')) {
      comments += 1;
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') current.data.push(value);
    else if (field === 'event') current.event = value;
    else if (field === 'id') current.id = value;
  };
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) !== -1) {
          line(buffer.slice(0, nl).replace(/\r$/, ''));
          buffer = buffer.slice(nl + 1);
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: the stream has ended either way.
    } finally {
      wake();
    }
  })();
  let done = false;
  void ended.then(() => (done = true));
  const next: OpenEventStream['next'] = (match, { timeoutMs = 5_000, from = 0 } = {}) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (found) {
          finish();
          resolve(found);
        } else if (done) {
          finish();
          reject(new Error(`the event stream ended without the expected event; got: ${JSON.stringify(events.map((e) => e.event))}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no matching event within ${timeoutMs} ms; got: ${JSON.stringify(events.map((e) => [e.event, e.data]))}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { status: res.status, headers: res.headers, events, comments: () => comments, next, ended, close: () => abort.abort() };
}
