import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LiveQuestion } from '#contract';
import type { BusEvent, EventBus } from '#api/lib/event-bus';
import { HEARTBEAT_MS, liveEventStreams } from './live-event-streams';

/** A bus that delivers at once, and records what was published. */
function fakeBus() {
  const listeners = new Set<(e: BusEvent) => void>();
  const abort = new AbortController();
  const published: BusEvent[] = [];
  const hooks: (() => Promise<void>)[] = [];
  const bus: EventBus = {
    ready: Promise.resolve(),
    closed: abort.signal,
    beforeClose(hook) {
      hooks.push(hook);
      return () => undefined;
    },
    async publish(event) {
      published.push(event);
      for (const l of listeners) l(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      for (const hook of hooks) await hook();
      abort.abort();
    },
  };
  /** As if another process had published it. */
  const deliver = (event: BusEvent) => {
    for (const l of listeners) l(event);
  };
  return { bus, published, deliver };
}

const aQuestion = (id: number, overrides: Partial<LiveQuestion> = {}): LiveQuestion => ({
  id,
  liveStreamId: 5,
  askedBy: 'Ann',
  question: `Question ${id}?`,
  isHighlighted: false,
  isAnswered: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The frames written to a stream so far, as [event, data]. */
function reader(body: NodeJS.ReadableStream) {
  let text = '';
  body.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return {
    frames: () =>
      text
        .split('\n\n')
        .filter((block) => block.includes('event: '))
        .map((block) => {
          const get = (field: string) => block.split('\n').find((line) => line.startsWith(`${field}: `))?.slice(field.length + 2);
          return { id: get('id'), event: get('event')!, data: JSON.parse(get('data') ?? 'null') as unknown };
        }),
    text: () => text,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('liveEventStreams', () => {
  test('the viewer count adds the counts other processes report, and drops one not repeated for three heartbeats', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { bus, deliver } = fakeBus();
    const streams = liveEventStreams(bus, { findQuestion: async () => undefined });
    deliver({ kind: 'viewers', streamId: 5, process: 'other', count: 3 });
    const page = streams.open(5);
    const out = reader(page.body);
    await flush();
    expect(streams.viewerCount(5)).toBe(4);
    expect(out.frames().filter((f) => f.event === 'viewers').at(-1)?.data).toEqual({ count: 4 });

    // The other process repeats its count with each heartbeat: it stays counted.
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    deliver({ kind: 'viewers', streamId: 5, process: 'other', count: 3 });
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(streams.viewerCount(5)).toBe(4);
    // Then it falls silent (it stopped): after three heartbeats, it is no longer counted, and the page is told.
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    await flush();
    expect(streams.viewerCount(5)).toBe(1);
    expect(out.frames().filter((f) => f.event === 'viewers').at(-1)?.data).toEqual({ count: 1 });
    expect(out.text()).toContain(': ping');
    page.close();
    await bus.close();
  });

  test('a process reporting 0 is no longer counted; this process publishes its own count as pages come and go', async () => {
    const { bus, deliver, published } = fakeBus();
    const streams = liveEventStreams(bus, { findQuestion: async () => undefined });
    deliver({ kind: 'viewers', streamId: 5, process: 'other', count: 2 });
    const page = streams.open(5);
    expect(streams.viewerCount(5)).toBe(3);
    deliver({ kind: 'viewers', streamId: 5, process: 'other', count: 0 });
    expect(streams.viewerCount(5)).toBe(1);
    const own = published.filter((e) => e.kind === 'viewers');
    expect(own.at(-1)).toMatchObject({ streamId: 5, count: 1 });
    page.close();
    expect(published.filter((e) => e.kind === 'viewers').at(-1)).toMatchObject({ streamId: 5, count: 0 });
    await bus.close();
  });

  test('a question event is read once and written to the pages of its stream only; a page reconnecting with a known id gets what it missed, an unknown id gets resync', async () => {
    const { bus, deliver } = fakeBus();
    const read: number[] = [];
    const questions = new Map([1, 2, 3].map((id) => [id, aQuestion(id)]));
    questions.set(9, aQuestion(9, { liveStreamId: 6 }));
    const streams = liveEventStreams(bus, { findQuestion: async (id) => (read.push(id), questions.get(id)) });
    const first = streams.open(5);
    const second = streams.open(5);
    const other = streams.open(6);
    const [a, b, c] = [first, second, other].map((p) => reader(p.body));
    deliver({ kind: 'question', streamId: 5, questionId: 1 });
    deliver({ kind: 'question', streamId: 6, questionId: 9 });
    await flush();
    expect(read).toEqual([1, 9]);
    const seen = a!.frames().find((f) => f.event === 'question')!;
    expect(seen.data).toEqual(aQuestion(1));
    expect(b!.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([1]);
    expect(c!.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([9]);

    first.close();
    deliver({ kind: 'question', streamId: 5, questionId: 2 });
    deliver({ kind: 'question', streamId: 5, questionId: 3 });
    await flush();
    const back = reader(streams.open(5, seen.id).body);
    await flush();
    expect(back.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([2, 3]);
    expect(back.frames().some((f) => f.event === 'resync')).toBe(false);

    const stranger = reader(streams.open(5, 'elsewhere-3').body);
    await flush();
    expect(stranger.frames().map((f) => f.event)).toContain('resync');
    await bus.close();
  });

  test('question events are read one at a time, in order: a slow first read is never overtaken by a later one', async () => {
    const { bus, deliver } = fakeBus();
    const delays = new Map([
      [1, 50],
      [2, 0],
    ]);
    const streams = liveEventStreams(bus, { findQuestion: (id) => new Promise((resolve) => setTimeout(() => resolve(aQuestion(id)), delays.get(id))) });
    const page = reader(streams.open(5).body);
    deliver({ kind: 'question', streamId: 5, questionId: 1 });
    deliver({ kind: 'question', streamId: 5, questionId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([1, 2]);
    await bus.close();
  });

  test('a stream the desk saved goes out as `stream-changed` to every live stream’s pages and the site-wide streams, without an id; site-wide streams are pinged, count no viewer and end with the bus', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { bus, deliver } = fakeBus();
    const streams = liveEventStreams(bus, { findQuestion: async () => undefined });
    const site = streams.openSiteWide();
    const [onSite, on5, on6] = [site.body, streams.open(5).body, streams.open(6).body].map(reader);
    deliver({ kind: 'stream', streamId: 8 });
    await flush();
    for (const out of [onSite, on5, on6]) expect(out!.frames().filter((f) => f.event === 'stream-changed')).toEqual([{ id: undefined, event: 'stream-changed', data: { id: 8 } }]);
    expect(streams.viewerCount(5)).toBe(1);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await flush();
    expect(onSite!.text()).toContain(': ping');
    const ended = new Promise((resolve) => site.body.on('end', resolve));
    await bus.close();
    await ended;
    expect(streams.openSiteWide().body.writableEnded).toBe(true);
  });

  test('a site-wide stream closed by its page hears nothing more', async () => {
    const { bus, deliver } = fakeBus();
    const streams = liveEventStreams(bus, { findQuestion: async () => undefined });
    const site = streams.openSiteWide();
    const out = reader(site.body);
    site.close();
    site.close();
    deliver({ kind: 'stream', streamId: 8 });
    await flush();
    expect(out.frames()).toEqual([]);
    await bus.close();
  });

  test('when the bus closes (server stop), the other processes are told this one has no viewers left, every open stream ends, and a stream opened after that ends at once', async () => {
    const { bus, published } = fakeBus();
    const streams = liveEventStreams(bus, { findQuestion: async () => undefined });
    const page = streams.open(5);
    const ended = new Promise((resolve) => page.body.on('end', resolve));
    page.body.resume();
    await bus.close();
    await ended;
    expect(published.at(-1)).toMatchObject({ kind: 'viewers', streamId: 5, count: 0 });
    const late = streams.open(5);
    expect(late.body.writableEnded).toBe(true);
  });
});
