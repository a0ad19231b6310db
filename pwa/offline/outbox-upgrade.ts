import type { OutboxEntry } from './outbox-entry';

/**
 * The one-time conversion of an outbox entry queued by a version before the write registry
 * (database version 2), which stored its request (`method`, `path`, `body`), a `subject`, UI words
 * (`label`, `failureMessage`, `meta.title`) and query keys (`invalidate`). It becomes its kind and
 * the variables that kind declares today; the words and keys are dropped (the registry computes
 * them). A frozen record of what those versions stored: it never changes with the features.
 * An entry it cannot read keeps its kind and old body: the outbox then marks it failed, unsent.
 */
export function fromVersion2Entry(row: Record<string, unknown>): OutboxEntry {
  const kind = typeof row.kind === 'string' ? row.kind : 'unknown';
  const entry: OutboxEntry = {
    ...(typeof row.seq === 'number' ? { seq: row.seq } : {}),
    id: String(row.id),
    userId: Number(row.userId),
    kind,
    body: variablesOf(kind, row) ?? row.body,
    createdAt: typeof row.createdAt === 'string' ? row.createdAt : new Date(0).toISOString(),
    attempts: typeof row.attempts === 'number' ? row.attempts : 0,
    status: row.status === 'failed' ? 'failed' : 'pending',
    nextAttemptAt: typeof row.nextAttemptAt === 'number' ? row.nextAttemptAt : 0,
  };
  if (typeof row.lastError === 'string') entry.lastError = row.lastError;
  if (typeof row.lastStatus === 'number') entry.lastStatus = row.lastStatus;
  return entry;
}

type Row = Record<string, unknown>;

const record = (value: unknown): Row => (value && typeof value === 'object' ? (value as Row) : {});
/** The quoted part of a label such as 'Delete folder "Romans"' (what older versions kept of a title). */
const quoted = (label: unknown): string | undefined => (typeof label === 'string' ? /"(.*)"$/s.exec(label)?.[1] : undefined);
const lastSegment = (path: unknown): string | undefined => (typeof path === 'string' ? decodeURIComponent(path.split('/').filter(Boolean).at(-1) ?? '') : undefined);
/** 'bookmark:video:3' → { contentType: 'video', contentId: 3 }. */
function itemOf(subject: unknown): { contentType: string; contentId: number } | undefined {
  const match = typeof subject === 'string' ? /^\w+:(video|blog):(\d+)$/.exec(subject) : null;
  return match ? { contentType: match[1]!, contentId: Number(match[2]) } : undefined;
}
const fallbackTitle = (item: Row) => `${item.contentType === 'video' ? 'Video' : 'Article'} ${String(item.contentId)}`;

function titleOf(row: Row, item: Row): string {
  const title = record(row.meta).title;
  return typeof title === 'string' && title ? title : (quoted(row.label) ?? fallbackTitle(item));
}

function variablesOf(kind: string, row: Row): unknown {
  const body = record(row.body);
  switch (kind) {
    case 'bookmark.save':
      return {
        ...(typeof body.id === 'string' ? { id: body.id } : {}),
        contentType: body.contentType,
        contentId: body.contentId,
        categoryId: body.categoryId ?? null,
        title: titleOf(row, body),
      };
    case 'bookmark.remove':
      return { contentType: body.contentType, contentId: body.contentId, title: titleOf(row, body) };
    case 'bookmark.move': {
      const item = itemOf(row.subject);
      return item && { bookmarkId: lastSegment(row.path), ...item, categoryId: body.categoryId ?? null, title: titleOf(row, item) };
    }
    case 'folder.create':
      return { id: body.id, name: body.name, color: body.color };
    case 'folder.delete':
      return { id: typeof row.subject === 'string' ? row.subject.replace(/^folder:/, '') : undefined, name: quoted(row.label) ?? '' };
    case 'heart.set': {
      const match = typeof row.path === 'string' ? /\/devotional\/(\d+)\/heart$/.exec(row.path) : null;
      return match && { devotionalId: Number(match[1]), hearted: row.method === 'POST', title: quoted(row.label) ?? '' };
    }
    case 'progress.set':
      return { contentType: body.contentType, contentId: body.contentId, completed: body.completed };
    case 'comment.create':
      return { contentType: body.contentType, contentId: body.contentId, comment: body.comment };
    default:
      return undefined;
  }
}
