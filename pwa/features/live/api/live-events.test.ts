import { vi } from 'vitest';
import type { LiveQuestion } from '#contract/live';
import { FakeEventSource, latestEventSource, stubEventSource } from '#pwa/test/fake-event-source';
import { setOnline } from '#pwa/test/online';
import { connectLiveEvents, withoutQuestion, withQuestion, type LiveEventHandlers } from './live-events';

const aQuestion = (overrides: Partial<LiveQuestion> = {}): LiveQuestion => ({
  id: 1,
  liveStreamId: 5,
  askedBy: 'Maria',
  question: 'How do we know the copies match?',
  isHighlighted: false,
  isAnswered: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

function recorder() {
  const calls = { opens: 0, questions: [] as LiveQuestion[], viewers: [] as number[], hidden: [] as number[] };
  const handlers: LiveEventHandlers = {
    onOpen: () => void (calls.opens += 1),
    onQuestion: (q) => void calls.questions.push(q),
    onViewers: (n) => void calls.viewers.push(n),
    onHidden: (h) => void calls.hidden.push(h.id),
  };
  return { calls, handlers };
}

describe('connectLiveEvents', () => {
  test('online, it opens the stream of that live stream and passes on its events (each open asks for a refetch; malformed events are ignored)', () => {
    stubEventSource();
    const { calls, handlers } = recorder();
    const stop = connectLiveEvents(5, handlers);
    const source = latestEventSource();
    // `hidden=1`: this page understands the `hidden` event (older ones get `resync` for it).
    expect(source.url).toBe('/api/live-streams/5/events?hidden=1');
    expect(calls.opens).toBe(0);
    source.open();
    expect(calls.opens).toBe(1);
    source.send('question', aQuestion({ id: 3, question: 'Live?' }));
    source.send('question', { id: 'not a question' });
    source.send('viewers', { count: 12 });
    source.send('viewers', 'not json');
    expect(calls.questions.map((q) => q.question)).toEqual(['Live?']);
    expect(calls.viewers).toEqual([12]);
    source.send('hidden', { id: 3, liveStreamId: 5 });
    source.send('hidden', { id: 'x' });
    expect(calls.hidden).toEqual([3]);
    // The server could not replay what was missed: read everything again.
    source.send('resync', {});
    expect(calls.opens).toBe(2);
    stop();
    expect(source.closed).toBe(true);
  });

  test('with no stream (nothing live), it opens the site-wide events and passes on `stream-changed` (malformed ones are ignored)', () => {
    stubEventSource();
    const changed: number[] = [];
    const stop = connectLiveEvents(null, { ...recorder().handlers, onStreamChanged: (id) => void changed.push(id) });
    const source = latestEventSource();
    expect(source.url).toBe('/api/live-streams/events');
    source.open();
    source.send('stream-changed', { id: 8 });
    source.send('stream-changed', { id: 'eight' });
    source.send('stream-changed', 'not json');
    expect(changed).toEqual([8]);
    stop();
    expect(source.closed).toBe(true);
  });

  test('offline, the stream is closed; back online, a new one opens and its open asks for a refetch', () => {
    stubEventSource();
    const { calls, handlers } = recorder();
    const stop = connectLiveEvents(5, handlers);
    const first = latestEventSource();
    first.open();
    setOnline(false);
    expect(first.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    setOnline(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = latestEventSource();
    expect(second.closed).toBe(false);
    second.open();
    expect(calls.opens).toBe(2);
    stop();
    expect(second.closed).toBe(true);
    // Stopped: going offline and online again opens nothing.
    setOnline(false);
    setOnline(true);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  test('started offline, nothing opens until the browser is online', () => {
    stubEventSource();
    setOnline(false);
    const stop = connectLiveEvents(5, recorder().handlers);
    expect(FakeEventSource.instances).toHaveLength(0);
    setOnline(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    stop();
  });

  test('a dropped connection is left to the EventSource to retry; one it gave up on is opened again later, waiting longer each time', () => {
    stubEventSource();
    const timers: { fn: () => void; ms: number }[] = [];
    const { calls, handlers } = recorder();
    const stop = connectLiveEvents(5, handlers, {
      EventSource: FakeEventSource as unknown as typeof EventSource,
      window,
      isOnline: () => true,
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => undefined,
    });
    const first = latestEventSource();
    first.open();
    first.fail(false);
    expect(timers).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(1);
    first.open();
    expect(calls.opens).toBe(2);

    first.fail(true);
    expect(timers.map((t) => t.ms)).toEqual([5_000]);
    timers[0]!.fn();
    const second = latestEventSource();
    expect(second).not.toBe(first);
    second.fail(true);
    expect(timers.map((t) => t.ms)).toEqual([5_000, 10_000]);
    timers[1]!.fn();
    latestEventSource().open();
    expect(calls.opens).toBe(3);
    stop();
  });

  test('without EventSource (an old browser, the server renderer) it does nothing', () => {
    vi.stubGlobal('EventSource', undefined);
    const stop = connectLiveEvents(5, recorder().handlers);
    expect(() => stop()).not.toThrow();
  });
});

describe('withQuestion', () => {
  const pages = { pages: [[aQuestion({ id: 2 }), aQuestion({ id: 1 })], [aQuestion({ id: 0 })]], pageParams: [undefined, 1] };

  test('a question already saved is replaced where it is', () => {
    const next = withQuestion(pages, aQuestion({ id: 0, isAnswered: true }))!;
    expect(next.pages[1]).toEqual([aQuestion({ id: 0, isAnswered: true })]);
    expect(next.pages[0]!.map((q) => q.id)).toEqual([2, 1]);
  });

  test('a hidden question leaves whichever page holds it; nothing saved stays nothing', () => {
    expect(withoutQuestion(pages, 1)!.pages.map((page) => page.map((q) => q.id))).toEqual([[2], [0]]);
    expect(withoutQuestion(pages, 0)!.pages.map((page) => page.map((q) => q.id))).toEqual([[2, 1], []]);
    expect(withoutQuestion(pages, 42)).toBe(pages);
    expect(withoutQuestion(undefined, 1)).toBeUndefined();
  });

  test('a new question goes on top of the first page; nothing saved stays nothing', () => {
    expect(withQuestion(pages, aQuestion({ id: 9 }))!.pages[0]!.map((q) => q.id)).toEqual([9, 2, 1]);
    expect(withQuestion(undefined, aQuestion())).toBeUndefined();
  });
});
