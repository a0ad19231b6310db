import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { LiveQuestion } from '#contract';
import type { BusEvent, EventBus } from '#api/lib/event-bus';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** Another process's viewer count is forgotten when it has not repeated it for this long (it died). */
const REMOTE_COUNT_TTL_MS = 3 * HEARTBEAT_MS;
/** Recent question events kept for a page that reconnects with Last-Event-ID. */
const REPLAY_BUFFER = 500;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

interface Sent {
  seq: number;
  streamId: number;
  frame: string;
  /** What a page that does not know the event gets instead (`resync` for `hidden`). */
  legacyFrame?: string;
}

/** An open event stream: its body, and whether its page knows the `hidden` event (`?hidden=1`). */
interface Out {
  body: PassThrough;
  hidden: boolean;
}

export interface LiveEventStreamsOptions {
  /** Reads a question as it is now (an event carries its id only), with whether an editor hid it. */
  findQuestion: (id: number) => Promise<(LiveQuestion & { hidden?: boolean }) | undefined>;
  heartbeatMs?: number;
}

/**
 * The open `text/event-stream` answers of this process, by live stream. What any process
 * publishes on the bus reaches them: a question event is read from the database once here and
 * written to every page watching that stream.
 *
 * The viewer count is the number of open event streams of a live stream, summed over processes:
 * each process publishes its own count when it changes and again with every heartbeat, and a
 * count not repeated for three heartbeats is dropped (its process stopped). So it counts open
 * pages (a reader with two tabs counts twice), and a process that just started learns the
 * others' counts within one heartbeat.
 *
 * Event ids are `{this process}-{sequence}`: a page that reconnects to this process with the id
 * of an event still in the replay buffer gets what it missed; any other id gets `resync` (read
 * the questions again), as does a page whose ids came from another process.
 *
 * A hidden question goes out as `hidden` (`{id, liveStreamId}`) to the pages that asked for it
 * (`?hidden=1`), and as `resync` to older pages, which then read the questions without it.
 *
 * A stream the desk saved (scheduled, edited, put live, ended) goes out as `stream-changed`
 * (`{id}`) to every open event stream: those of every live stream, and the site-wide ones
 * (`openSiteWide`) that a /live-qa page with nothing live holds. It has no id and is not
 * replayed: a page reads what is live and upcoming again whenever its stream (re)opens.
 */
export function liveEventStreams(bus: EventBus, opts: LiveEventStreamsOptions) {
  const processId = crypto.randomUUID().slice(0, 8);
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Map<number, Set<Out>>();
  /** The site-wide event streams: `stream-changed` only (and pings). */
  const siteWide = new Set<PassThrough>();
  const remote = new Map<number, Map<string, { count: number; seenAt: number }>>();
  const lastSentCount = new Map<number, number>();
  const recent: Sent[] = [];
  let seq = 0;

  const frame = (event: string, data: unknown, id?: string) => `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const nextId = () => `${processId}-${++seq}`;

  const localCount = (streamId: number) => open.get(streamId)?.size ?? 0;
  const totalCount = (streamId: number) => {
    const now = Date.now();
    let total = localCount(streamId);
    const others = remote.get(streamId);
    for (const [process, entry] of others ?? []) {
      if (now - entry.seenAt > REMOTE_COUNT_TTL_MS) others!.delete(process);
      else total += entry.count;
    }
    return total;
  };

  const writeTo = (streamId: number, text: string, legacyText = text) => {
    for (const out of open.get(streamId) ?? []) out.body.write(out.hidden ? text : legacyText);
  };

  /** Tells this process's pages the count when it differs from what they were last told. */
  const sendCount = (streamId: number, force = false) => {
    const count = totalCount(streamId);
    if (!force && lastSentCount.get(streamId) === count) return;
    lastSentCount.set(streamId, count);
    writeTo(streamId, frame('viewers', { count }));
  };

  const publishCount = (streamId: number) => {
    bus.publish({ kind: 'viewers', streamId, process: processId, count: localCount(streamId) }).catch((err: unknown) => {
      console.error('[events] could not publish a viewer count', err);
    });
  };

  // Read and kept even with no page open here now: one that reconnects may need it replayed.
  const onQuestion = async (streamId: number, questionId: number) => {
    const found = await opts.findQuestion(questionId);
    if (!found || found.liveStreamId !== streamId) return;
    const { hidden, ...question } = found;
    const id = nextId();
    const sent: Sent = hidden
      ? { seq, streamId, frame: frame('hidden', { id: question.id, liveStreamId: question.liveStreamId }, id), legacyFrame: frame('resync', {}, id) }
      : { seq, streamId, frame: frame('question', question, id) };
    recent.push(sent);
    if (recent.length > REPLAY_BUFFER) recent.shift();
    writeTo(streamId, sent.frame, sent.legacyFrame);
  };

  // One read at a time, in the order the events came: a later change is never overtaken by an
  // earlier read (on PostgreSQL's pool two reads could finish in either order).
  let reading: Promise<void> = Promise.resolve();
  const unsubscribe = bus.subscribe((event: BusEvent) => {
    if (event.kind === 'stream') {
      const text = frame('stream-changed', { id: event.streamId });
      for (const outs of open.values()) for (const out of outs) out.body.write(text);
      for (const body of siteWide) body.write(text);
      return;
    }
    if (event.kind === 'question') {
      reading = reading
        .then(() => onQuestion(event.streamId, event.questionId))
        .catch((err: unknown) => console.error('[events] could not read a changed question', err));
      return;
    }
    if (event.process === processId) return;
    let counts = remote.get(event.streamId);
    if (!counts) remote.set(event.streamId, (counts = new Map()));
    if (event.count === 0) counts.delete(event.process);
    else counts.set(event.process, { count: event.count, seenAt: Date.now() });
    if (open.has(event.streamId)) sendCount(event.streamId);
  });

  const heartbeat = setInterval(() => {
    for (const [streamId, outs] of open) {
      for (const out of outs) out.body.write(': ping\n\n');
      publishCount(streamId);
      sendCount(streamId);
    }
    for (const body of siteWide) body.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  const endAll = () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const outs of open.values()) for (const out of outs) out.body.end();
    open.clear();
    for (const body of siteWide) body.end();
    siteWide.clear();
  };
  bus.closed.addEventListener('abort', endAll, { once: true });
  // Stopping: the other processes stop counting this one's pages now, not after three heartbeats.
  bus.beforeClose(async () => {
    await Promise.allSettled([...open.keys()].map((streamId) => bus.publish({ kind: 'viewers', streamId, process: processId, count: 0 })));
  });

  /** What a reconnecting page missed, or null when this process cannot tell (then: resync). */
  const missedSince = (streamId: number, lastEventId: string | undefined, knowsHidden: boolean): string[] | null => {
    if (!lastEventId) return [];
    const [process, n] = lastEventId.split('-');
    const lastSeq = Number(n);
    if (process !== processId || !Number.isInteger(lastSeq) || lastSeq > seq) return null;
    // The buffer must still hold the event after the last one seen (or nothing was sent since).
    const oldest = recent[0]?.seq ?? seq + 1;
    if (lastSeq + 1 < oldest) return null;
    return recent.filter((e) => e.seq > lastSeq && e.streamId === streamId).map((e) => (knowsHidden ? e.frame : (e.legacyFrame ?? e.frame)));
  };

  return {
    /**
     * A new event stream of the live stream `streamId`, to send as the answer's body; it ends when
     * the bus closes (server stop). Call `close` when the client goes away. `knowsHidden`: the page
     * asked for `hidden` events (else it gets `resync` in their place).
     */
    open(streamId: number, lastEventId?: string, knowsHidden = false): { body: PassThrough; close: () => void } {
      const body = new PassThrough();
      if (bus.closed.aborted) {
        body.end();
        return { body, close: () => undefined };
      }
      let outs = open.get(streamId);
      if (!outs) open.set(streamId, (outs = new Set()));
      const out: Out = { body, hidden: knowsHidden };
      outs.add(out);
      body.write(`retry: ${RETRY_MS}\n\n`);
      const missed = missedSince(streamId, lastEventId, knowsHidden);
      if (missed === null) body.write(frame('resync', {}, `${processId}-${seq}`));
      else for (const text of missed) body.write(text);
      publishCount(streamId);
      sendCount(streamId, true);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        const set = open.get(streamId);
        set?.delete(out);
        if (set?.size === 0) open.delete(streamId);
        body.end();
        if (bus.closed.aborted) return;
        publishCount(streamId);
        if (open.has(streamId)) sendCount(streamId);
        else lastSentCount.delete(streamId);
      };
      return { body, close };
    },
    /**
     * A new site-wide event stream, to send as the answer's body: `stream-changed` whenever the
     * desk saves a stream, on any process. Not a viewer of any stream. Ends when the bus closes;
     * call `close` when the client goes away.
     */
    openSiteWide(): { body: PassThrough; close: () => void } {
      const body = new PassThrough();
      if (bus.closed.aborted) {
        body.end();
        return { body, close: () => undefined };
      }
      siteWide.add(body);
      body.write(`retry: ${RETRY_MS}\n\n`);
      let closed = false;
      return {
        body,
        close: () => {
          if (closed) return;
          closed = true;
          siteWide.delete(body);
          body.end();
        },
      };
    },
    /** Open event streams of a live stream, on every process as far as this one knows (see above). */
    viewerCount: totalCount,
  };
}

export type LiveEventStreams = ReturnType<typeof liveEventStreams>;
