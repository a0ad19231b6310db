import { AsyncResource } from 'node:async_hooks';
import cluster, { type Cluster } from 'node:cluster';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Db } from '../db';
import { afterCommit, transactionAware } from './request-transaction';

/**
 * What processes tell each other about live Q&A. Small on purpose (PostgreSQL NOTIFY payloads are
 * limited to 8000 bytes): a receiver reads the question's row itself.
 */
export type BusEvent =
  /** A question was asked on the stream, or its highlighted/answered marks changed. */
  | { kind: 'question'; streamId: number; questionId: number }
  /** The desk scheduled, edited, put live or ended the stream: what is live and upcoming may have changed. */
  | { kind: 'stream'; streamId: number }
  /** What one process holds open now, as changes (or all of it, repeated with every heartbeat): see PresenceEvent. */
  | PresenceEvent;

/**
 * One process's open event streams (`process` names it), for the cap per client address and the
 * viewer counts that every process keeps (docs/decisions/012-live-events.md). Addresses and
 * viewers travel as keys (a keyed hash), never as addresses or user ids.
 */
export interface PresenceEvent {
  kind: 'presence';
  process: string;
  /** `[address key, streams open from it on this process now]`; 0: none any more. */
  addresses: [string, number][];
  /** `[live stream id, viewer key, 1 when the viewer has a page of it open on this process, else 0]`. */
  viewers: [number, string, 0 | 1][];
  /** The process stops: forget everything it said. */
  gone?: true;
  /** The process just started: every other one repeats what it holds now. */
  ask?: true;
}

/**
 * The app's one channel between its processes: PostgreSQL LISTEN/NOTIFY, or on SQLite an
 * EventEmitter (relayed by the cluster primary between WEB_CONCURRENCY workers), so an event
 * published on any process reaches every subscriber on every process (the publisher's own
 * included). Made once per process (createEventBus) and closed when the server stops.
 */
export interface EventBus {
  /**
   * Sends the event to every subscriber. Published inside a request's transaction, it is delivered
   * once that transaction commits, and not at all when it rolls back. Never waits for delivery.
   */
  publish(event: BusEvent): Promise<void>;
  /** `listener` gets every event from now on; the returned function stops that. */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * `hook` runs when `close()` is called, before delivery stops, while publishing still works
   * (a process saying its event streams are gone). The returned function removes it.
   */
  beforeClose(hook: () => Promise<void>): () => void;
  /** Settles once the bus listens (the first attempt to, on PostgreSQL); never rejects. */
  readonly ready: Promise<void>;
  /** Aborted by `close()`: whatever is held open for subscribers (an event stream) ends then. */
  readonly closed: AbortSignal;
  /** Runs the beforeClose hooks, then stops delivery and ends the PostgreSQL listener connection; idempotent. */
  close(): Promise<void>;
}

/** The beforeClose hooks of a bus, and a close that runs them once, then `finish`. */
function closing(finish: () => Promise<void>) {
  const hooks = new Set<() => Promise<void>>();
  let closed: Promise<void> | null = null;
  return {
    beforeClose(hook: () => Promise<void>) {
      hooks.add(hook);
      return () => void hooks.delete(hook);
    },
    close: () =>
      (closed ??= (async () => {
        await Promise.allSettled([...hooks].map((hook) => hook()));
        await finish();
      })()),
  };
}

const CHANNEL = 'cik_live_events';

const isKey = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** A presence event as sent, or null when any part of it is not (an older process's `viewers` event is not one). */
function parsePresence(value: Record<string, unknown>): PresenceEvent | null {
  const { process, addresses, viewers, gone, ask } = value;
  if (!isKey(process) || !Array.isArray(addresses) || !Array.isArray(viewers)) return null;
  if (!addresses.every((a) => Array.isArray(a) && a.length === 2 && isKey(a[0]) && isCount(a[1]))) return null;
  if (!viewers.every((v) => Array.isArray(v) && v.length === 3 && isCount(v[0]) && isKey(v[1]) && (v[2] === 0 || v[2] === 1))) return null;
  return {
    kind: 'presence',
    process,
    addresses: addresses as PresenceEvent['addresses'],
    viewers: viewers as PresenceEvent['viewers'],
    ...(gone === true ? { gone } : {}),
    ...(ask === true ? { ask } : {}),
  };
}

function parseEvent(payload: string | undefined): BusEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const event = value as Record<string, unknown>;
    if (event.kind === 'presence') return parsePresence(event);
    if (typeof event.streamId !== 'number') return null;
    if (event.kind === 'question' && typeof event.questionId === 'number') return { kind: 'question', streamId: event.streamId, questionId: event.questionId };
    if (event.kind === 'stream') return { kind: 'stream', streamId: event.streamId };
  } catch {
    // Someone else's NOTIFY on our channel: not ours to read.
  }
  return null;
}

/** How a cluster worker's event travels through the primary to every worker (relayClusterEvents). */
interface ClusterMessage {
  cikLiveEvent: BusEvent;
}
const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === 'object' && message !== null && 'cikLiveEvent' in message;

/**
 * SQLite: the processes that share the file are one host's `WEB_CONCURRENCY` workers, or one
 * process. An event is delivered in this process, and in a `node:cluster` worker also sent to the
 * primary, which passes it to the other workers (relayClusterEvents). Delivery is on a later turn,
 * never inside the publisher's call. (Separate `npm start` processes on one SQLite file do not
 * hear each other: run several of them on PostgreSQL.)
 */
export function memoryEventBus(ipc: Pick<NodeJS.Process, 'send' | 'connected' | 'on' | 'off'> | null = cluster.isWorker ? process : null): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const abort = new AbortController();
  // Subscribers run in the bus's own async context, not the publisher's: a request's transaction
  // (request-transaction.ts) must not follow an event into whatever its subscribers read.
  const deliver = AsyncResource.bind((event: BusEvent) => emitter.emit('event', event));
  const fromPrimary = (message: unknown) => {
    if (!isClusterMessage(message) || abort.signal.aborted) return;
    const event = parseEvent(JSON.stringify(message.cikLiveEvent));
    if (event) deliver(event);
  };
  ipc?.on('message', fromPrimary);
  return {
    closed: abort.signal,
    ready: Promise.resolve(),
    async publish(event) {
      // A copy, as over the wire: no subscriber shares the publisher's object.
      const copy = parseEvent(JSON.stringify(event));
      if (!copy) return;
      afterCommit(() => {
        if (abort.signal.aborted) return;
        setImmediate(() => deliver(copy));
        // The other workers, through the primary (a primary that is not ours, pm2's, drops it).
        if (ipc?.connected && ipc.send) ipc.send({ cikLiveEvent: copy } satisfies ClusterMessage);
      });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    ...closing(async () => {
      abort.abort();
      ipc?.off('message', fromPrimary);
      emitter.removeAllListeners();
    }),
  };
}

/** In a cluster's primary: every worker's event is sent on to every other worker (the sender delivered it itself). */
export function relayClusterEvents(primary: Cluster = cluster): void {
  primary.on('message', (from, message: unknown) => {
    if (!isClusterMessage(message)) return;
    for (const worker of Object.values(primary.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}

export interface PgEventBusOptions {
  /** First wait before reconnecting a dropped listener connection; doubles up to 10 s. */
  reconnectDelayMs?: number;
  log?: Pick<Console, 'error' | 'log'>;
}

/**
 * PostgreSQL LISTEN/NOTIFY. Listening needs a connection of its own, held for the process's life
 * (a pooled one goes back to the pool and stops hearing), so it is a `pg.Client` outside Knex's
 * pool; when it drops (a database restart, a network cut) it reconnects, waiting longer each time.
 * Events sent while it was down are lost: clients refetch when their stream reconnects.
 * Publishing goes through the request's transaction when there is one (NOTIFY is sent on commit).
 */
export function pgEventBus(connectionString: string, db: Db, opts: PgEventBusOptions = {}): EventBus {
  const log = opts.log ?? console;
  const firstDelay = opts.reconnectDelayMs ?? 250;
  const notifyThrough = transactionAware(db);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const abort = new AbortController();
  let client: pg.Client | null = null;
  let delay = firstDelay;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (abort.signal.aborted) return;
    const next = new pg.Client({ connectionString });
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (abort.signal.aborted) return;
      log.error(`[events] listener connection lost${err ? ` (${err.message})` : ''}: reconnecting in ${delay} ms`);
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      const event = parseEvent(message.payload);
      if (event) emitter.emit('event', event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (abort.signal.aborted) {
        await next.end();
        return;
      }
      client = next;
      delay = firstDelay;
    } catch (err) {
      drop(err as Error);
    }
  };
  const ready = connect();

  return {
    closed: abort.signal,
    ready,
    async publish(event) {
      if (abort.signal.aborted) return;
      await notifyThrough.raw('select pg_notify(?, ?)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    ...closing(async () => {
      abort.abort();
      if (retry) clearTimeout(retry);
      emitter.removeAllListeners();
      await ready;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    }),
  };
}

/** The bus for the app's database: see EventBus. */
export function createEventBus(database: DatabaseConfig, db: Db): EventBus {
  return database.client === 'pg' ? pgEventBus(database.connectionString, db) : memoryEventBus();
}
