import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (happy-dom has none): a test opens it, sends events
 * and drops it by hand. `FakeEventSource.instances` lists every one made, in order.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }
  /** The server answered: the stream is open. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    act(() => void this.dispatchEvent(new Event('open')));
  }
  /** A named event with `data` as its JSON (or as is, when a string). */
  send(type: string, data: unknown): void {
    act(() => void this.dispatchEvent(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) })));
  }
  /** The connection dropped: the browser retries by itself (CONNECTING), or gave up (CLOSED, e.g. a 503). */
  fail(gaveUp: boolean): void {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => void this.dispatchEvent(new Event('error')));
  }
}

/** Installs FakeEventSource as the global EventSource for one test (setup.ts unstubs globals after each). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The newest EventSource made, which a test expects to exist. */
export function latestEventSource(): FakeEventSource {
  const last = FakeEventSource.instances.at(-1);
  if (!last) throw new Error('no EventSource was opened');
  return last;
}
