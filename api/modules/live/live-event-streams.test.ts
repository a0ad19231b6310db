import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LiveQuestion } from '#contract';
import type { BusEvent, EventBus } from '#api/lib/event-bus';
import { addressGroup, HEARTBEAT_MS, liveEventStreams, type LiveEventStreams, type LiveEventStreamsOptions, type StreamClient } from './live-event-streams';

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

const SECRET = 'a-test-secret-of-the-processes';
const anna: StreamClient = { address: '10.0.0.1', userId: null };
const annaSignedIn: StreamClient = { address: '10.0.0.1', userId: 41 };
const ben: StreamClient = { address: '10.0.0.2', userId: null };
const ben2: StreamClient = { address: '10.0.0.3', userId: null };

const buses = new Map<LiveEventStreams, ReturnType<typeof fakeBus> & { peers: Set<ReturnType<typeof fakeBus>>; linked: boolean }>();
const busOf = (streams: LiveEventStreams) => buses.get(streams)!.bus;
const publishedBy = (streams: LiveEventStreams) => buses.get(streams)!.published;
/** The process says nothing more to the others (it was killed). */
const cut = (streams: LiveEventStreams) => void (buses.get(streams)!.linked = false);

/**
 * `n` processes whose buses deliver what each publishes to all the others (and, with `joining`,
 * to those already running), as PostgreSQL's NOTIFY or the cluster's relay would.
 */
function linkedProcesses(n: number, opts: Partial<LiveEventStreamsOptions> = {}, joining: LiveEventStreams[] = []): LiveEventStreams[] {
  const made: LiveEventStreams[] = [];
  const group = joining.length ? buses.get(joining[0]!)!.peers : new Set<ReturnType<typeof fakeBus>>();
  for (let i = 0; i < n; i += 1) {
    const fake = fakeBus();
    const node = { ...fake, peers: group, linked: true };
    group.add(node);
    const publish = fake.bus.publish.bind(fake.bus);
    fake.bus.publish = async (event) => {
      await publish(event);
      if (!node.linked) return;
      for (const peer of node.peers) if (peer !== node && !peer.bus.closed.aborted) peer.deliver(JSON.parse(JSON.stringify(event)) as BusEvent);
    };
    const streams = liveEventStreams(fake.bus, { keySecret: SECRET, findQuestion: async () => undefined, ...opts });
    buses.set(streams, node);
    made.push(streams);
  }
  return made;
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
/** Lets what the processes gathered to tell each other go out and arrive. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await flush();
};

afterEach(async () => {
  for (const { bus } of buses.values()) await bus.close();
  buses.clear();
  vi.useRealTimers();
});

describe('liveEventStreams', () => {
  test('a viewer is counted once, however many tabs on however many processes: the signed-in user, else the address', async () => {
    const [a, b] = linkedProcesses(2);
    const pages = [a!.open(5, anna), a!.open(5, anna), b!.open(5, anna), b!.open(5, ben), b!.open(5, annaSignedIn)].map((p) => p!);
    const onA = reader(pages[0]!.body);
    await settle();
    // Anna's address (three tabs on two processes), Ben, and the user signed in at Anna's address.
    expect(a!.viewerCount(5)).toBe(3);
    expect(b!.viewerCount(5)).toBe(3);
    expect(onA.frames().filter((f) => f.event === 'viewers').at(-1)?.data).toEqual({ count: 3 });
    // Anna closes both tabs on A: her tab on B still counts her.
    pages[0]!.close();
    pages[1]!.close();
    await settle();
    expect([a!.viewerCount(5), b!.viewerCount(5)]).toEqual([3, 3]);
    pages[2]!.close();
    pages[3]!.close();
    await settle();
    expect([a!.viewerCount(5), b!.viewerCount(5)]).toEqual([1, 1]);
    pages[4]!.close();
    await settle();
    expect([a!.viewerCount(5), b!.viewerCount(5)]).toEqual([0, 0]);
  });

  test('an address holds at most `perAddress` streams, both kinds, on every process together; a closed one frees its place at once; another address has its own', async () => {
    const [a, b] = linkedProcesses(2, { perAddress: 3 });
    const held = [a!.open(5, anna), a!.openSiteWide(annaSignedIn), b!.open(6, anna)];
    expect(held.every(Boolean)).toBe(true);
    await settle();
    expect(a!.open(5, anna)).toBeNull();
    expect(b!.openSiteWide(anna)).toBeNull();
    expect(b!.open(5, ben)).not.toBeNull();
    // A place freed on A is free on A at once, and on B once A has told it.
    held[0]!.close();
    const again = a!.open(5, anna);
    expect(again).not.toBeNull();
    expect(b!.open(5, anna)).toBeNull();
    again!.close();
    await settle();
    expect(b!.open(5, anna)).not.toBeNull();
  });

  test('the cap counts an IPv6 client by its /64, and an IPv4 address written as IPv6 as itself', async () => {
    const [a] = linkedProcesses(1, { perAddress: 2 });
    expect(a!.open(5, { address: '2001:db8:1:2::1', userId: null })).not.toBeNull();
    expect(a!.open(5, { address: '2001:0db8:0001:0002:ffff::9', userId: null })).not.toBeNull();
    expect(a!.open(5, { address: '2001:db8:1:2:aaaa:bbbb:cccc:dddd', userId: null })).toBeNull();
    expect(a!.open(5, { address: '2001:db8:1:3::1', userId: null })).not.toBeNull();
    expect(a!.open(5, { address: '::ffff:10.0.0.1', userId: null })).not.toBeNull();
    expect(a!.open(5, { address: '10.0.0.1', userId: null })).not.toBeNull();
    expect(a!.open(5, anna)).toBeNull();
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('')).toBe('unknown');
  });

  test('what a process has not repeated for three heartbeats is forgotten (it died); one that stops is forgotten at once; one that starts learns what the others hold', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const [a, b, c] = linkedProcesses(3, { perAddress: 2 });
    const page = reader(a!.open(5, ben)!.body);
    b!.open(5, anna);
    b!.open(5, anna);
    await settle();
    expect(a!.viewerCount(5)).toBe(2);
    expect(a!.open(5, anna)).toBeNull();

    // B goes on repeating itself with every heartbeat: it stays counted.
    vi.advanceTimersByTime(HEARTBEAT_MS * 5);
    await settle();
    expect(a!.viewerCount(5)).toBe(2);
    // Then it falls silent (killed): within four heartbeats it is forgotten, and the pages are told.
    cut(b!);
    vi.advanceTimersByTime(HEARTBEAT_MS * 4);
    await settle();
    expect(a!.viewerCount(5)).toBe(1);
    expect(page.frames().filter((f) => f.event === 'viewers').at(-1)?.data).toEqual({ count: 1 });
    expect(page.text()).toContain(': ping');
    expect(a!.open(5, anna)).not.toBeNull();

    // C stops as a server stops: A forgets its streams now.
    c!.open(5, ben2);
    await settle();
    expect(a!.viewerCount(5)).toBe(3);
    await busOf(c!).close();
    await settle();
    expect(a!.viewerCount(5)).toBe(2);

    // A process that starts now asks, and A answers at once, without waiting for a heartbeat.
    const [late] = linkedProcesses(1, { perAddress: 2 }, [a!]);
    await settle();
    expect(late!.viewerCount(5)).toBe(2);
    expect(late!.open(5, ben)).not.toBeNull();
    expect(late!.open(5, ben)).toBeNull();
  });

  test('what a process tells the others goes in messages under PostgreSQL’s 8000-byte NOTIFY limit, however many it holds, and never an address or user id', async () => {
    const [a, b] = linkedProcesses(2);
    for (let i = 0; i < 400; i += 1) a!.open(5, { address: `10.1.${i >> 8}.${i & 255}`, userId: i % 2 ? i : null });
    await settle();
    expect(b!.viewerCount(5)).toBe(400);
    const sent = publishedBy(a!).filter((e) => e.kind === 'presence');
    expect(sent.length).toBeGreaterThan(1);
    for (const event of sent) expect(JSON.stringify(event).length).toBeLessThan(8000);
    expect(JSON.stringify(sent)).not.toMatch(/10\.1\./);
  });

  test('a question event is read once and written to the pages of its stream only; a page reconnecting with a known id gets what it missed, an unknown id gets resync', async () => {
    const { bus, deliver } = fakeBus();
    const read: number[] = [];
    const questions = new Map([1, 2, 3].map((id) => [id, aQuestion(id)]));
    questions.set(9, aQuestion(9, { liveStreamId: 6 }));
    const streams = liveEventStreams(bus, { keySecret: SECRET, findQuestion: async (id) => (read.push(id), questions.get(id)) });
    const first = streams.open(5, anna)!;
    const second = streams.open(5, anna)!;
    const other = streams.open(6, anna)!;
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
    const back = reader(streams.open(5, anna, { lastEventId: seen.id })!.body);
    await flush();
    expect(back.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([2, 3]);
    expect(back.frames().some((f) => f.event === 'resync')).toBe(false);

    const stranger = reader(streams.open(5, anna, { lastEventId: 'elsewhere-3' })!.body);
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
    const streams = liveEventStreams(bus, { keySecret: SECRET, findQuestion: (id) => new Promise((resolve) => setTimeout(() => resolve(aQuestion(id)), delays.get(id))) });
    const page = reader(streams.open(5, anna)!.body);
    deliver({ kind: 'question', streamId: 5, questionId: 1 });
    deliver({ kind: 'question', streamId: 5, questionId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.frames().filter((f) => f.event === 'question').map((f) => (f.data as LiveQuestion).id)).toEqual([1, 2]);
    await bus.close();
  });

  test('a stream the desk saved goes out as `stream-changed` to every live stream’s pages and the site-wide streams, without an id; site-wide streams are pinged, count no viewer and end with the bus', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { bus, deliver } = fakeBus();
    const streams = liveEventStreams(bus, { keySecret: SECRET, findQuestion: async () => undefined });
    const site = streams.openSiteWide(anna)!;
    const [onSite, on5, on6] = [site.body, streams.open(5, anna)!.body, streams.open(6, anna)!.body].map(reader);
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
    expect(streams.openSiteWide(anna)!.body.writableEnded).toBe(true);
  });

  test('a site-wide stream closed by its page hears nothing more', async () => {
    const { bus, deliver } = fakeBus();
    const streams = liveEventStreams(bus, { keySecret: SECRET, findQuestion: async () => undefined });
    const site = streams.openSiteWide(anna)!;
    const out = reader(site.body);
    site.close();
    site.close();
    deliver({ kind: 'stream', streamId: 8 });
    await flush();
    expect(out.frames()).toEqual([]);
    await bus.close();
  });

  test('when the bus closes (server stop), the other processes are told this one is gone, every open stream ends, and a stream opened after that ends at once', async () => {
    const { bus, published } = fakeBus();
    const streams = liveEventStreams(bus, { keySecret: SECRET, findQuestion: async () => undefined });
    const page = streams.open(5, anna)!;
    const ended = new Promise((resolve) => page.body.on('end', resolve));
    page.body.resume();
    await bus.close();
    await ended;
    expect(published.at(-1)).toMatchObject({ kind: 'presence', gone: true });
    const late = streams.open(5, anna)!;
    expect(late.body.writableEnded).toBe(true);
  });
});
