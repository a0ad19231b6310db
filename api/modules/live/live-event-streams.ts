import crypto from 'node:crypto';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import type { LiveQuestion } from '#contract';
import type { BusEvent, EventBus, PresenceEvent } from '#api/lib/event-bus';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** Recent question events kept for a page that reconnects with Last-Event-ID. */
const REPLAY_BUFFER = 500;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
/**
 * Entries in one presence message: about 35 bytes each in JSON, so a message stays well under
 * PostgreSQL's 8000-byte NOTIFY payload.
 */
const ENTRIES_PER_MESSAGE = 150;

interface Sent {
  seq: number;
  streamId: number;
  frame: string;
  /** What a page that does not know the event gets instead (`resync` for `hidden`). */
  legacyFrame?: string;
}

/** An open event stream: its body, whether its page knows the `hidden` event (`?hidden=1`), and whose it is. */
interface Out {
  body: PassThrough;
  hidden: boolean;
  viewer: string;
}

/** Who opens an event stream: the client address (`ctx.ip`, see TRUST_PROXY) and the signed-in user, if any. */
export interface StreamClient {
  address: string;
  userId: number | null;
}

export interface LiveEventStreamsOptions {
  /** Reads a question as it is now (an event carries its id only), with whether an editor hid it. */
  findQuestion: (id: number) => Promise<(LiveQuestion & { hidden?: boolean }) | undefined>;
  heartbeatMs?: number;
  /** Open event streams one client address may hold, both routes, every process (EVENT_STREAMS_PER_ADDRESS); no cap when not given. */
  perAddress?: number;
  /**
   * Keys addresses and users before they go on the bus (HMAC-SHA256): the same on every process
   * (the session secret), and without it an address could not be read back from a key.
   */
  keySecret: string;
}

/**
 * Where an address counts: an IPv4 address itself (also written as IPv6, `::ffff:1.2.3.4`), an
 * IPv6 address by its /64, which a provider gives one household or phone whole (any address in
 * it is theirs to use, so counting single ones would count nothing).
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!net.isIPv6(bare)) return ip || 'unknown';
  const [head, tail] = bare.split('::') as [string, string | undefined];
  const part = (text: string | undefined) => (text ? text.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The open `text/event-stream` answers of this process, by live stream. What any process
 * publishes on the bus reaches them: a question event is read from the database once here and
 * written to every page watching that stream.
 *
 * Every process knows what every process holds open (docs/decisions/012-live-events.md): each
 * tells the others on the bus (a `presence` event) how many streams each client address has open
 * on it, and which viewers have a page of which live stream open on it, when that changes and
 * again with every heartbeat; what a process has not repeated for three heartbeats is forgotten
 * (it died), and one that stops says so. Addresses and viewers go on the bus as keys only.
 *
 * - At most `perAddress` streams per client address, counting both routes and every process: a
 *   stream past it is refused (`open` gives null). A process refuses by what it knows; opens on
 *   two processes within the bus's delay may each still see room, so the cap holds exactly on
 *   one process and across processes may be passed by the streams opened meanwhile elsewhere
 *   (never more than `perAddress` on any one process).
 * - The viewer count is the number of viewers of a live stream, on every process: a viewer is the
 *   signed-in user, else the client address, so a reader with many tabs (on any processes)
 *   counts once.
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
  /** What another process has not repeated for this long is forgotten (it died). */
  const remoteTtlMs = 3 * heartbeatMs;
  const perAddress = opts.perAddress ?? Number.POSITIVE_INFINITY;
  const open = new Map<number, Set<Out>>();
  /** The site-wide event streams: `stream-changed` only (and pings). */
  const siteWide = new Set<PassThrough>();
  const lastSentCount = new Map<number, number>();
  const recent: Sent[] = [];
  let seq = 0;

  const keyOf = (text: string) => crypto.createHmac('sha256', opts.keySecret).update(text).digest('base64url').slice(0, 16);

  // What every process (this one included, whose entries never expire) holds open, by key, with
  // when it was last told. A stream's viewer count is the size of its map.
  /** Address key → process → streams open from that address there. */
  const addresses = new Map<string, Map<string, { n: number; seenAt: number }>>();
  /** Live stream → viewer key → process → when it last said the viewer has a page there. */
  const viewers = new Map<number, Map<string, Map<string, number>>>();
  /** This process's streams per address key, and its pages per viewer per live stream (a viewer's tabs). */
  const ownAddresses = new Map<string, number>();
  const ownTabs = new Map<number, Map<string, number>>();

  const setAddress = (key: string, process: string, n: number, seenAt: number) => {
    let byProcess = addresses.get(key);
    if (n > 0) {
      if (!byProcess) addresses.set(key, (byProcess = new Map()));
      byProcess.set(process, { n, seenAt });
    } else if (byProcess?.delete(process) && byProcess.size === 0) addresses.delete(key);
  };
  const setViewer = (streamId: number, key: string, process: string, seenAt: number | null) => {
    let byViewer = viewers.get(streamId);
    if (seenAt !== null) {
      if (!byViewer) viewers.set(streamId, (byViewer = new Map()));
      let byProcess = byViewer.get(key);
      if (!byProcess) byViewer.set(key, (byProcess = new Map()));
      byProcess.set(process, seenAt);
      return;
    }
    const byProcess = byViewer?.get(key);
    if (!byProcess?.delete(process) || byProcess.size > 0) return;
    byViewer!.delete(key);
    if (byViewer!.size === 0) viewers.delete(streamId);
  };
  const addressTotal = (key: string) => {
    let total = 0;
    for (const { n } of addresses.get(key)?.values() ?? []) total += n;
    return total;
  };
  const totalCount = (streamId: number) => viewers.get(streamId)?.size ?? 0;

  /** Forgets what other processes have not repeated in time; the live streams whose count that changed. */
  const forgetSilent = (isSilent: (process: string, seenAt: number) => boolean): Set<number> => {
    const changed = new Set<number>();
    for (const [key, byProcess] of addresses) {
      for (const [process, { seenAt }] of byProcess) if (isSilent(process, seenAt)) byProcess.delete(process);
      if (byProcess.size === 0) addresses.delete(key);
    }
    for (const [streamId, byViewer] of viewers) {
      for (const [key, byProcess] of byViewer) {
        for (const [process, seenAt] of byProcess) if (isSilent(process, seenAt)) byProcess.delete(process);
        if (byProcess.size > 0) continue;
        byViewer.delete(key);
        changed.add(streamId);
      }
      if (byViewer.size === 0) viewers.delete(streamId);
    }
    return changed;
  };

  // What this process tells the others: gathered, then sent one message after another (never two
  // at once, so they arrive in the order they were written), each change in its latest state.
  const pendingAddresses = new Map<string, number>();
  const pendingViewers = new Map<string, [number, string, 0 | 1]>();
  let publishing: Promise<void> = Promise.resolve();
  let scheduled = false;
  const publishPresence = async () => {
    scheduled = false;
    const addressEntries = [...pendingAddresses];
    const viewerEntries = [...pendingViewers.values()];
    pendingAddresses.clear();
    pendingViewers.clear();
    while (addressEntries.length || viewerEntries.length) {
      const someAddresses = addressEntries.splice(0, ENTRIES_PER_MESSAGE);
      const someViewers = viewerEntries.splice(0, ENTRIES_PER_MESSAGE - someAddresses.length);
      if (bus.closed.aborted) return;
      await bus.publish({ kind: 'presence', process: processId, addresses: someAddresses, viewers: someViewers }).catch((err: unknown) => {
        console.error('[events] could not publish the open event streams', err);
      });
    }
  };
  const schedulePublish = () => {
    if (scheduled) return;
    scheduled = true;
    publishing = publishing.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(publishPresence);
  };
  const tellAddress = (key: string, n: number) => {
    pendingAddresses.set(key, n);
    schedulePublish();
  };
  const tellViewer = (streamId: number, key: string, present: 0 | 1) => {
    pendingViewers.set(`${streamId} ${key}`, [streamId, key, present]);
    schedulePublish();
  };
  /** Everything this process holds open, told again: with every heartbeat, and to a process that just started. */
  const tellAll = () => {
    for (const [key, n] of ownAddresses) pendingAddresses.set(key, n);
    for (const [streamId, tabs] of ownTabs) for (const key of tabs.keys()) pendingViewers.set(`${streamId} ${key}`, [streamId, key, 1]);
    if (pendingAddresses.size || pendingViewers.size) schedulePublish();
  };

  /** Takes a place of the address, or false when it has none left (on what this process knows). */
  const holdAddress = (key: string): boolean => {
    if (addressTotal(key) >= perAddress) return false;
    const n = (ownAddresses.get(key) ?? 0) + 1;
    ownAddresses.set(key, n);
    setAddress(key, processId, n, Number.POSITIVE_INFINITY);
    tellAddress(key, n);
    return true;
  };
  const releaseAddress = (key: string) => {
    const n = (ownAddresses.get(key) ?? 1) - 1;
    if (n > 0) ownAddresses.set(key, n);
    else ownAddresses.delete(key);
    setAddress(key, processId, n, Number.POSITIVE_INFINITY);
    tellAddress(key, n);
  };
  const joinViewer = (streamId: number, key: string) => {
    let tabs = ownTabs.get(streamId);
    if (!tabs) ownTabs.set(streamId, (tabs = new Map()));
    const n = (tabs.get(key) ?? 0) + 1;
    tabs.set(key, n);
    if (n > 1) return;
    setViewer(streamId, key, processId, Number.POSITIVE_INFINITY);
    tellViewer(streamId, key, 1);
  };
  const leaveViewer = (streamId: number, key: string) => {
    const tabs = ownTabs.get(streamId);
    const n = (tabs?.get(key) ?? 1) - 1;
    if (n > 0) {
      tabs!.set(key, n);
      return;
    }
    tabs?.delete(key);
    if (tabs?.size === 0) ownTabs.delete(streamId);
    setViewer(streamId, key, processId, null);
    tellViewer(streamId, key, 0);
  };

  const frame = (event: string, data: unknown, id?: string) => `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const nextId = () => `${processId}-${++seq}`;

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

  const onPresence = (event: PresenceEvent) => {
    if (event.process === processId) return;
    const now = Date.now();
    const changed = event.gone ? forgetSilent((process) => process === event.process) : new Set<number>();
    for (const [key, n] of event.addresses) setAddress(key, event.process, n, now);
    for (const [streamId, key, present] of event.viewers) {
      setViewer(streamId, key, event.process, present ? now : null);
      changed.add(streamId);
    }
    if (event.ask) tellAll();
    for (const streamId of changed) if (open.has(streamId)) sendCount(streamId);
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
    onPresence(event);
  });
  // A process that starts asks the others what they hold, rather than wait a heartbeat to know.
  void bus.ready.then(() => {
    if (bus.closed.aborted) return;
    bus.publish({ kind: 'presence', process: processId, addresses: [], viewers: [], ask: true }).catch((err: unknown) => {
      console.error('[events] could not ask for the open event streams', err);
    });
  });

  const heartbeat = setInterval(() => {
    for (const outs of open.values()) for (const out of outs) out.body.write(': ping\n\n');
    for (const body of siteWide) body.write(': ping\n\n');
    tellAll();
    const now = Date.now();
    forgetSilent((_, seenAt) => now - seenAt > remoteTtlMs);
    for (const streamId of open.keys()) sendCount(streamId);
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
  // Stopping: the other processes forget this one's streams now, not after three heartbeats.
  bus.beforeClose(async () => {
    await publishing;
    await bus.publish({ kind: 'presence', process: processId, addresses: [], viewers: [], gone: true });
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

  const ended = () => {
    const body = new PassThrough();
    body.end();
    return { body, close: () => undefined };
  };
  /** The client's address key, and its viewer key: the signed-in user's, else the address's. */
  const keysOf = (client: StreamClient) => {
    const address = keyOf(`address ${addressGroup(client.address)}`);
    return { address, viewer: client.userId === null ? address : keyOf(`user ${client.userId}`) };
  };

  return {
    /**
     * A new event stream of the live stream `streamId`, to send as the answer's body, or null
     * when the client's address has its `perAddress` streams open already. It ends when the bus
     * closes (server stop). Call `close` when the client goes away. `lastEventId`: the page's
     * Last-Event-ID; `knowsHidden`: the page asked for `hidden` events (else it gets `resync` in
     * their place).
     */
    open(streamId: number, client: StreamClient, { lastEventId, knowsHidden = false }: { lastEventId?: string | undefined; knowsHidden?: boolean } = {}): { body: PassThrough; close: () => void } | null {
      if (bus.closed.aborted) return ended();
      const keys = keysOf(client);
      if (!holdAddress(keys.address)) return null;
      const body = new PassThrough();
      let outs = open.get(streamId);
      if (!outs) open.set(streamId, (outs = new Set()));
      const out: Out = { body, hidden: knowsHidden, viewer: keys.viewer };
      outs.add(out);
      joinViewer(streamId, keys.viewer);
      body.write(`retry: ${RETRY_MS}\n\n`);
      const missed = missedSince(streamId, lastEventId, knowsHidden);
      if (missed === null) body.write(frame('resync', {}, `${processId}-${seq}`));
      else for (const text of missed) body.write(text);
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
        releaseAddress(keys.address);
        leaveViewer(streamId, keys.viewer);
        if (open.has(streamId)) sendCount(streamId);
        else lastSentCount.delete(streamId);
      };
      return { body, close };
    },
    /**
     * A new site-wide event stream, to send as the answer's body: `stream-changed` whenever the
     * desk saves a stream, on any process. Not a viewer of any stream, but one of the client
     * address's streams: null when it has `perAddress` open already. Ends when the bus closes;
     * call `close` when the client goes away.
     */
    openSiteWide(client: StreamClient): { body: PassThrough; close: () => void } | null {
      if (bus.closed.aborted) return ended();
      const { address } = keysOf(client);
      if (!holdAddress(address)) return null;
      const body = new PassThrough();
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
          if (!bus.closed.aborted) releaseAddress(address);
        },
      };
    },
    /** Viewers of a live stream (signed-in users and addresses), on every process as far as this one knows (see above). */
    viewerCount: totalCount,
  };
}

export type LiveEventStreams = ReturnType<typeof liveEventStreams>;
