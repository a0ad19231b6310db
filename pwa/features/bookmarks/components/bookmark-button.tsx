import { useId } from 'react';
import { Bookmark, BookmarkCheck, Folder } from 'lucide-react';
import type { ContentType } from '#contract';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { useToast } from '#pwa/components/ui/toast';
import { recheckingRestored } from '#pwa/lib/query-client';
import { useUser } from '#pwa/lib/session';
import { useOutboxActions } from '#pwa/offline';
import { bookmarkKey, useBookmarkView } from '../api/bookmark-view';
import { useBookmarkWrites } from '../api/use-bookmark-writes';

export interface BookmarkButtonProps {
  contentType: ContentType;
  contentId: number;
  title: string;
}

/**
 * Bookmark / Bookmarked, and once bookmarked a folder choice when the user has folders. The state
 * shown is the server's with the user's queued changes on top, marked while they wait to sync.
 */
export function BookmarkButton({ contentType, contentId, title }: BookmarkButtonProps) {
  const { user } = useUser();
  const { toast } = useToast();
  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => toast({ title: 'Sign in required', description: 'Please sign in to bookmark content.', variant: 'destructive' })}
      >
        <Bookmark aria-hidden="true" className="size-4" /> Bookmark
      </button>
    );
  }
  return <SignedInBookmarkButton userId={user.id} contentType={contentType} contentId={contentId} title={title} />;
}

function SignedInBookmarkButton({ userId, contentType, contentId, title }: BookmarkButtonProps & { userId: number }) {
  const selectId = useId();
  const view = useBookmarkView(userId);
  const writes = useBookmarkWrites();
  const { retry, discard } = useOutboxActions();
  const item = view.byKey.get(bookmarkKey(contentType, contentId));
  const bookmarked = !!item && !item.removed;
  const queued = item !== undefined && item.sync.status !== 'synced';
  // Until the queued writes are read, or while a saved answer from an earlier visit is checked again, no press.
  const loading = !view.queueKnown || (!queued && (view.bookmarksQuery.isPending || recheckingRestored(view.bookmarksQuery)));
  const target = { contentType, contentId, title };

  const toggle = () => {
    if (!writes) return;
    if (bookmarked) void writes.remove(target);
    else void writes.save(target, null, item);
  };

  const folders = view.folders.filter((f) => !f.deleted);
  const sync = item?.sync;

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`btn btn-sm ${bookmarked ? 'btn-primary' : 'btn-outline'}`}
        aria-pressed={bookmarked}
        aria-busy={loading || undefined}
        disabled={loading}
        onClick={toggle}
      >
        {bookmarked ? <BookmarkCheck aria-hidden="true" className="size-4" /> : <Bookmark aria-hidden="true" className="size-4" />}
        {bookmarked ? 'Bookmarked' : 'Bookmark'}
      </button>
      {bookmarked && folders.length > 0 ? (
        <span className="inline-flex items-center gap-1">
          <Folder aria-hidden="true" className="size-4 text-base-content/70" />
          <label htmlFor={selectId} className="sr-only">
            Bookmark folder
          </label>
          <select
            id={selectId}
            className="select select-sm w-40"
            value={item.folderId ?? ''}
            onChange={(event) => void writes?.save(target, event.target.value || null, item)}
          >
            <option value="">No folder</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      {sync && sync.status !== 'synced' ? (
        <SyncMark
          status={sync.status}
          message={sync.entry.lastError}
          {...(sync.status === 'failed' ? { onRetry: () => void retry(sync.entry.id), onDiscard: () => void discard(sync.entry.id) } : {})}
        />
      ) : null}
    </span>
  );
}
