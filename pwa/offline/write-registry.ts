import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type * as z from 'zod/mini';

/**
 * The typed registry of queued writes (after TanStack Query's setMutationDefaults): a write is
 * declared once, next to its feature, and a queued entry stores only its `kind` and its variables
 * (`body`). Everything else (the request, the words, what to refresh, how the answer goes into the
 * cache) is looked up by kind at run time, so renaming a message or a query key never strands the
 * entries already queued on a phone. Definitions are registered at start-up by pwa/app.
 */

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WriteRequest {
  method: WriteMethod;
  path: string;
  /** Sent as JSON; `undefined` sends no body. */
  body?: unknown;
}

export interface WriteDefinition<V> {
  /** Stored with each entry; never rename one (add a new kind and convert, see db.ts). */
  kind: string;
  /** The variables an entry stores: checked when it is queued and again before every send. */
  schema: z.ZodMiniType<V>;
  /** What the write is about, e.g. 'bookmark:video:3': the last queued write about it is what the user intends. */
  subject: (vars: V) => string;
  /**
   * It sets the whole state of its subject (a bookmark, a completion, a heart, a folder): once it
   * is delivered, earlier refused writes about the subject are dropped. False for writes that add
   * something new each time (comments).
   */
  replacesEarlier: boolean;
  /** The request it makes for `userId` (who queued it; the server still checks the session). */
  request: (vars: V, userId: number) => WriteRequest;
  /** A short description for the sync centre, e.g. 'Bookmark video "The Minimal Facts Case"'. */
  label: (vars: V) => string;
  /** Its failure toast (docs/product.md#messages-and-errors); '' when none is shown (the item keeps a failed mark). */
  failureMessage: (vars: V) => string;
  /** The queries to refresh once the server has it (or has refused it). */
  refreshes: (vars: V, userId: number) => QueryKey[];
  /**
   * Puts the server's answer into the cache the moment it is delivered (before its entry leaves
   * the queue), so what the reader sees never flicks back to the old state while the refresh runs.
   * While it is queued, the feature lays the pending variables over the server's data (queuedWrites).
   */
  applyDelivered?: (queryClient: QueryClient, vars: V, response: unknown, context: { userId: number; entryId: string }) => void;
  /** Words the user typed, shown with a refused write so they can be copied (a comment's text). */
  keptText?: (vars: V) => string | undefined;
}

/** Declares a write; the identity function, there for the types. */
export function defineWrite<V>(definition: WriteDefinition<V>): WriteDefinition<V> {
  return definition;
}

type AnyWrite = WriteDefinition<any>;
const registry = new Map<string, AnyWrite>();

/** Registers each definition under its kind (again: the last one wins, for hot reloads and tests). */
export function registerWrites(definitions: readonly AnyWrite[]): void {
  for (const definition of definitions) registry.set(definition.kind, definition);
}

type WritesLoader = () => Promise<readonly AnyWrite[]>;
let loader: WritesLoader | null = null;
let loading: Promise<void> | null = null;
let loaded = true;

/**
 * How the registry gets every kind when it is first needed. The page hands it a dynamic import
 * (pwa/app/app.tsx), so the definitions (their schemas, their features' query keys) stay out of
 * the first download of every route; the service worker and tests register them at once instead.
 */
export function setWritesLoader(load: WritesLoader): void {
  loader = load;
  loading = null;
  loaded = false;
}

/** Whether every kind is registered (no loader set, or it has run). */
export const writesAreReady = (): boolean => loaded;

/**
 * Resolves once every kind is registered. What reads stored entries awaits it first (delivery, the
 * sync centre, a button's queued state): before it, an entry queued by an earlier visit would look
 * unreadable. A failed load (the chunk could not be fetched) is tried again on the next call.
 */
export function writesReady(): Promise<void> {
  if (loaded || !loader) return Promise.resolve();
  loading ??= loader().then(
    (definitions) => {
      registerWrites(definitions);
      loaded = true;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** What a stored entry needs for the registry: its kind and variables. */
export interface StoredWrite {
  kind: string;
  body: unknown;
}

/** Said of an entry that cannot be sent: no registered kind, or variables its kind no longer accepts. */
export const UNREADABLE_WRITE = 'This change was saved by another version of the app and cannot be sent. Discard it and make it again.';

/** An entry's definition and parsed variables, or null when this version cannot read it. */
export function resolveWrite(entry: StoredWrite): { definition: WriteDefinition<unknown>; vars: unknown } | null {
  const definition = registry.get(entry.kind) as WriteDefinition<unknown> | undefined;
  if (!definition) return null;
  const parsed = definition.schema.safeParse(entry.body);
  return parsed.success ? { definition, vars: parsed.data } : null;
}

/** The sync centre's words for an entry, computed now from its variables. */
export function describeWrite(entry: StoredWrite): { label: string; failureMessage: string; keptText: string | undefined } {
  const write = resolveWrite(entry);
  if (!write) return { label: 'A change from another version of the app', failureMessage: UNREADABLE_WRITE, keptText: undefined };
  const { definition, vars } = write;
  return { label: definition.label(vars), failureMessage: definition.failureMessage(vars), keptText: definition.keptText?.(vars) };
}

/** What an entry is about; an unreadable entry is about nothing else. */
export function subjectOf(entry: StoredWrite & { id: string }): string {
  const write = resolveWrite(entry);
  return write ? write.definition.subject(write.vars) : `unreadable:${entry.id}`;
}

/** The queries an entry touched (none for an unreadable one). */
export function refreshesOf(entry: StoredWrite & { userId: number }): QueryKey[] {
  const write = resolveWrite(entry);
  return write ? write.definition.refreshes(write.vars, entry.userId) : [];
}

/** Queued entries of one kind with their variables typed: what a feature lays over the server's data. */
export function queuedWrites<V, E extends StoredWrite>(definition: WriteDefinition<V>, entries: readonly E[]): (E & { vars: V })[] {
  const out: (E & { vars: V })[] = [];
  for (const entry of entries) {
    if (entry.kind !== definition.kind) continue;
    const parsed = definition.schema.safeParse(entry.body);
    if (parsed.success) out.push({ ...entry, vars: parsed.data });
  }
  return out;
}
