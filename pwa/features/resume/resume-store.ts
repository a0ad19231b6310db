import * as z from 'zod/mini';
import { contentTypeSchema, type ContentType } from '#contract/common';

// Where the reader stopped in each video and article, on this device only (docs/product.md#continue-where-you-left-off): in
// localStorage under one key, not in the app's IndexedDB (its schema belongs to the outbox and the
// notes, and Dexie would join the home page's first load). Each position carries the item's title
// and thumbnail, so 'Continue where you left off' needs no request, offline included.

import { RESUME_STORAGE_KEY } from './storage-key';

export { RESUME_STORAGE_KEY };
/** The newest positions kept; older ones are dropped when a new one is saved. */
export const MAX_POSITIONS = 50;
/** A position not touched for this long (about six months) is dropped. */
export const MAX_AGE_MS = 183 * 24 * 60 * 60 * 1000;
/** Played or read this far (as a fraction), an item is finished: its position is cleared. */
export const FINISHED_AT = 0.98;
/** How many unfinished items home offers. */
export const CONTINUE_LIMIT = 4;

const positionSchema = z.object({
  kind: contentTypeSchema,
  id: z.number().check(z.int(), z.positive()),
  title: z.string(),
  thumbnailUrl: z.optional(z.nullable(z.string())),
  /** Where to start again: seconds into a video; for an article, the fraction of its height at the top of the screen. */
  position: z.number().check(z.gte(0)),
  /** How much is done, from 0 to 1 (played, or read down to the bottom of the screen). */
  progress: z.number().check(z.gte(0), z.lte(1)),
  /** When it was saved, ms since epoch. */
  savedAt: z.number(),
});

export type ResumePosition = z.infer<typeof positionSchema>;
export type ResumeKind = ContentType;
export type NewPosition = Omit<ResumePosition, 'savedAt'>;

const isFinished = (p: Pick<ResumePosition, 'progress'>) => p.progress >= FINISHED_AT;
const sameItem = (kind: ResumeKind, id: number) => (p: ResumePosition) => p.kind === kind && p.id === id;

/**
 * What is worth keeping of `positions` at `now`, newest first: one per item (its newest), none
 * finished, none older than MAX_AGE_MS, at most MAX_POSITIONS.
 */
export function prunePositions(positions: readonly ResumePosition[], now: number): ResumePosition[] {
  const seen = new Set<string>();
  return [...positions]
    .sort((a, b) => b.savedAt - a.savedAt)
    .filter((p) => {
      const key = `${p.kind}:${p.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return !isFinished(p) && now - p.savedAt <= MAX_AGE_MS;
    })
    .slice(0, MAX_POSITIONS);
}

const listeners = new Set<() => void>();
let cache: ResumePosition[] | null = null;

/** The stored positions, newest first; a damaged entry (or a damaged list) is skipped, never thrown. */
function readStored(): ResumePosition[] {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(RESUME_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return prunePositions(
    raw.flatMap((entry) => {
      const parsed = positionSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
    Date.now(),
  );
}

function write(positions: ResumePosition[]): void {
  cache = positions;
  try {
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: this tab still remembers until it closes.
  }
  for (const listener of listeners) listener();
}

/** Every kept position, newest first (the same array until something changes, for useSyncExternalStore). */
export function getPositions(): readonly ResumePosition[] {
  return (cache ??= readStored());
}

/** Where the reader stopped in one item, or undefined (never started, finished, or pruned). */
export function getPosition(kind: ResumeKind, id: number): ResumePosition | undefined {
  return getPositions().find(sameItem(kind, id));
}

/** Saves where the reader is now; played or read to the end (FINISHED_AT), the item is finished instead. */
export function savePosition(position: NewPosition, now = Date.now()): void {
  if (isFinished(position)) {
    clearPosition(position.kind, position.id);
    return;
  }
  const saved: ResumePosition = { ...position, position: Math.max(0, position.position), progress: Math.min(1, Math.max(0, position.progress)), savedAt: now };
  write(prunePositions([saved, ...getPositions().filter((p) => !sameItem(position.kind, position.id)(p))], now));
}

/** Forgets one item's position: it was finished, or marked complete. */
export function clearPosition(kind: ResumeKind, id: number): void {
  const positions = getPositions();
  if (!positions.some(sameItem(kind, id))) return;
  write(positions.filter((p) => !sameItem(kind, id)(p)));
}

/** Up to `limit` unfinished items, newest first, leaving out those `isCompleted` says are done. */
export function continueItems(
  positions: readonly ResumePosition[],
  isCompleted: (kind: ResumeKind, id: number) => boolean = () => false,
  limit = CONTINUE_LIMIT,
): ResumePosition[] {
  return positions.filter((p) => !isFinished(p) && !isCompleted(p.kind, p.id)).slice(0, limit);
}

/** Calls `listener` when positions change, here or in another tab. */
export function subscribePositions(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key !== RESUME_STORAGE_KEY && event.key !== null) return;
  cache = null;
  for (const listener of listeners) listener();
}

/** For tests: forget the in-memory copy, so the next read is from localStorage. */
export function resetPositionsCache(): void {
  cache = null;
}
