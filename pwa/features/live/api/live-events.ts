import type { QueryClient } from '@tanstack/react-query';
import { liveEventsPath, LIVE_SITE_EVENTS_PATH } from '#contract/live-events';
import { liveHiddenEventSchema, liveQuestionSchema, liveStreamChangedEventSchema, liveViewersEventSchema, type LiveQuestion } from '#contract/live';
import { liveKeys, type QuestionPages } from './live-streams';

export interface LiveEventHandlers {
  /** The stream (re)opened: whatever happened while it was closed must be read again. */
  onOpen: () => void;
  /** A question was asked, or its marks changed. */
  onQuestion: (question: LiveQuestion) => void;
  onViewers: (count: number) => void;
  /** An editor hid the question `id` of the stream `liveStreamId`: drop it. */
  onHidden?: (hidden: { id: number; liveStreamId: number }) => void;
  /** The desk saved the stream `id` (scheduled, edited, went live, ended): what is live and upcoming may differ now. */
  onStreamChanged?: (id: number) => void;
}

/** What the connection needs from the browser (a test passes fakes). */
export interface LiveEventsEnvironment {
  EventSource: typeof EventSource | undefined;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  isOnline: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browser = (): LiveEventsEnvironment => ({
  EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
  window,
  isOnline: () => navigator.onLine,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

/** After the server refused the stream (not a dropped connection, which EventSource retries itself). */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps an EventSource open on the live stream's events (`streamId`), or on the site-wide ones
 * (null: only `stream-changed`, for a page with nothing live), while the browser is online: closed on
 * `offline` (nothing to hear, and no retry loop on a dead network) and opened again on `online`.
 * A dropped connection is retried by the EventSource itself (with Last-Event-ID); an answer that
 * is not a stream (the server restarting behind a proxy) closes it, and it is opened again
 * later, waiting longer each time. Every open calls `onOpen`. Returns the function that stops it.
 */
export function connectLiveEvents(streamId: number | null, handlers: LiveEventHandlers, env: LiveEventsEnvironment = browser()): () => void {
  const Source = env.EventSource;
  if (!Source) return () => undefined;
  let source: EventSource | null = null;
  let retry: unknown = null;
  let retryMs = RETRY_FIRST_MS;
  let stopped = false;

  const parse = (event: Event): unknown => {
    try {
      return JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return undefined;
    }
  };

  const close = () => {
    if (retry !== null) env.clearTimeout(retry);
    retry = null;
    source?.close();
    source = null;
  };

  const open = () => {
    close();
    if (stopped || !env.isOnline()) return;
    // `hidden=1`: this page drops a hidden question by itself (older pages get `resync` instead).
    const next = new Source(streamId === null ? LIVE_SITE_EVENTS_PATH : liveEventsPath(streamId, { hidden: true }));
    source = next;
    next.addEventListener('open', () => {
      retryMs = RETRY_FIRST_MS;
      handlers.onOpen();
    });
    next.addEventListener('question', (event) => {
      const question = liveQuestionSchema.safeParse(parse(event));
      if (question.success) handlers.onQuestion(question.data);
    });
    next.addEventListener('viewers', (event) => {
      const viewers = liveViewersEventSchema.safeParse(parse(event));
      if (viewers.success) handlers.onViewers(viewers.data.count);
    });
    next.addEventListener('hidden', (event) => {
      const hidden = liveHiddenEventSchema.safeParse(parse(event));
      if (hidden.success) handlers.onHidden?.(hidden.data);
    });
    next.addEventListener('stream-changed', (event) => {
      const changed = liveStreamChangedEventSchema.safeParse(parse(event));
      if (changed.success) handlers.onStreamChanged?.(changed.data.id);
    });
    next.addEventListener('resync', () => handlers.onOpen());
    next.addEventListener('error', () => {
      // CONNECTING: the EventSource retries by itself. CLOSED: it gave up; try again later.
      if (next.readyState !== Source.CLOSED || source !== next) return;
      source = null;
      retry = env.setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    });
  };

  const online = () => open();
  const offline = () => close();
  env.window.addEventListener('online', online);
  env.window.addEventListener('offline', offline);
  open();
  return () => {
    stopped = true;
    env.window.removeEventListener('online', online);
    env.window.removeEventListener('offline', offline);
    close();
  };
}

/** Puts a question into the saved pages: in place when it is there, else at the top of the first page. */
export function withQuestion(data: QuestionPages | undefined, question: LiveQuestion): QuestionPages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) =>
    page.map((q) => {
      if (q.id !== question.id) return q;
      found = true;
      return question;
    }),
  );
  if (!found) pages[0] = [question, ...(pages[0] ?? [])];
  return { ...data, pages };
}

/** Takes a question out of the saved pages (an editor hid it); nothing saved stays nothing. */
export function withoutQuestion(data: QuestionPages | undefined, questionId: number): QuestionPages | undefined {
  if (!data || !data.pages.some((page) => page.some((q) => q.id === questionId))) return data;
  return { ...data, pages: data.pages.map((page) => page.filter((q) => q.id !== questionId)) };
}

/** A change an event brought: a question asked or re-marked, or the id of one hidden. */
type Change = { question: LiveQuestion } | { hidden: number };

/** What is live and upcoming, read again: the desk changed a stream, or events may have been missed. */
const readStreamsAgain = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: liveKeys.current() }), queryClient.invalidateQueries({ queryKey: liveKeys.upcoming() })]);

/**
 * The live Q&A's events applied to the query cache: see connectLiveEvents. A change that
 * arrives while the list is being read again is applied once more after that read, which may
 * have been made before it happened. Each (re)open, and each `stream-changed`, reads what is live
 * and upcoming again (docs/decisions/012-live-events.md); `streamId` null: nothing is live, so
 * there are no questions to follow.
 */
export function applyLiveEvents(queryClient: QueryClient, streamId: number | null, onViewers: (count: number) => void): LiveEventHandlers {
  const apply = (change: Change) => {
    if (streamId === null) return;
    queryClient.setQueryData<QuestionPages>(liveKeys.questions(streamId), (data) =>
      'question' in change ? withQuestion(data, change.question) : withoutQuestion(data, change.hidden),
    );
  };
  let duringRefetch: Change[] | null = null;
  const receive = (change: Change) => {
    duringRefetch?.push(change);
    apply(change);
  };
  return {
    onOpen: () => {
      void readStreamsAgain(queryClient);
      if (streamId === null) return;
      const received: Change[] = [];
      duringRefetch = received;
      void queryClient.invalidateQueries({ queryKey: liveKeys.questions(streamId) }).finally(() => {
        if (duringRefetch === received) duringRefetch = null;
        received.forEach(apply);
      });
    },
    onQuestion: (question) => {
      if (question.liveStreamId !== streamId) return;
      receive({ question });
    },
    onHidden: (hidden) => {
      if (hidden.liveStreamId !== streamId) return;
      receive({ hidden: hidden.id });
    },
    onStreamChanged: () => void readStreamsAgain(queryClient),
    onViewers,
  };
}

/**
 * The page following the server live (useLiveEvents): the events of the live stream `streamId`,
 * or with nothing live (null) the site-wide ones, applied to the query cache. Returns the
 * function that stops it.
 */
export function followLiveEvents(queryClient: QueryClient, streamId: number | null, onViewers: (count: number) => void): () => void {
  return connectLiveEvents(streamId, applyLiveEvents(queryClient, streamId, onViewers));
}
