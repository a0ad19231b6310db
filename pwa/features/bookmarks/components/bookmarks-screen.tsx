import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookmarkX, FolderPlus, Trash2 } from 'lucide-react';
import { CARD_GRID, CardSkeletons } from '#pwa/components/content';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { useOutboxActions } from '#pwa/offline';
import { useBookmarkView, type BookmarkItem, type FolderItem } from '../api/bookmark-view';
import { useBookmarkWrites } from '../api/use-bookmark-writes';
import { BookmarkCard } from './bookmark-card';
import { CreateFolderForm } from './create-folder-form';

export interface BookmarksScreenProps {
  userId: number;
  /** A mark to show on each card, e.g. whether the item is completed (composed by the route). */
  badge?: (bookmark: BookmarkItem) => ReactNode;
}

/**
 * /bookmarks for a signed-in user: folders (select one to filter, again to clear; create; delete)
 * and the bookmarks, each movable between folders and removable. Every change shows at once.
 */
export function BookmarksScreen({ userId, badge }: BookmarksScreenProps) {
  const foldersHeadingId = useId();
  const listHeadingId = useId();
  const view = useBookmarkView(userId);
  const writes = useBookmarkWrites();
  const { retry, discard } = useOutboxActions();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FolderItem | null>(null);

  const { bookmarks, folders, bookmarksQuery, foldersQuery } = view;
  const liveFolders = folders.filter((f) => !f.deleted);
  const selectedFolder = liveFolders.find((f) => f.id === selected) ?? null;
  const shown = selectedFolder ? bookmarks.filter((b) => b.folderId === selectedFolder.id) : bookmarks;

  // Until the queued writes are read, the list could show a removed bookmark, or miss a new one.
  if (!view.queueKnown || (bookmarksQuery.isPending && bookmarks.length === 0)) return <CardSkeletons label="Loading bookmarks…" />;
  if (bookmarksQuery.isError && bookmarks.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p>Could not load your bookmarks.</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void Promise.all([bookmarksQuery.refetch(), foldersQuery.refetch()])}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby={foldersHeadingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={foldersHeadingId} className="text-xl font-bold">
            Folders
          </h2>
          {!creating ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setCreating(true)}>
              <FolderPlus aria-hidden="true" className="size-4" /> New Folder
            </button>
          ) : null}
        </div>
        {creating && writes ? (
          <CreateFolderForm
            onCreate={async (name, color) => {
              await writes.createFolder(name, color);
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : null}
        {folders.length === 0 ? (
          <p className="text-sm text-base-content/75">No folders yet. Create one to group your bookmarks.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Your folders">
            {folders.map((folder) => {
              const count = bookmarks.filter((b) => b.folderId === folder.id).length;
              const isSelected = selected === folder.id;
              const failed = folder.sync.status === 'failed' ? folder.sync.entry : null;
              return (
                <li key={folder.id} className={`flex items-center rounded-field border ${isSelected ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100'}`}>
                  <button
                    type="button"
                    className="flex min-h-10 items-center gap-2 rounded-l-field px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                    aria-pressed={isSelected}
                    disabled={folder.deleted}
                    onClick={() => setSelected(isSelected ? null : folder.id)}
                  >
                    <span aria-hidden="true" className="size-3 shrink-0 rounded-full border border-base-content/20" style={{ backgroundColor: folder.color }} />
                    <span>{folder.name}</span>{' '}
                    <span aria-hidden="true" className="badge badge-ghost badge-sm">
                      {count}
                    </span>
                    <span className="sr-only">{`(${count} ${count === 1 ? 'bookmark' : 'bookmarks'})`}</span>
                  </button>
                  {folder.sync.status === 'pending' ? <SyncMark status="pending" className="px-1" /> : null}
                  {!folder.deleted ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-square rounded-l-none"
                      aria-label={`Delete folder "${folder.name}"`}
                      onClick={() => setDeleting(folder)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  ) : null}
                  {failed ? (
                    <SyncMark status="failed" message={failed.lastError} onRetry={() => void retry(failed.id)} onDiscard={() => void discard(failed.id)} className="px-2" />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby={listHeadingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={listHeadingId} className="text-xl font-bold">
            {selectedFolder ? `Bookmarks in "${selectedFolder.name}"` : 'All Bookmarks'}{' '}
            <span className="text-base font-normal text-base-content/70">({shown.length})</span>
          </h2>
          {selectedFolder ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(null)}>
              Show all bookmarks
            </button>
          ) : null}
        </div>
        {bookmarks.length === 0 ? (
          <EmptyBookmarks />
        ) : shown.length === 0 ? (
          <p className="text-base-content/75">No bookmarks in this folder yet. Choose this folder on a bookmark to file it here.</p>
        ) : (
          <ul className={CARD_GRID} aria-labelledby={listHeadingId}>
            {shown.map((bookmark) => (
              <BookmarkCard
                key={bookmark.key}
                bookmark={bookmark}
                folders={folders}
                badge={badge?.(bookmark)}
                onMove={(folderId) => void writes?.move(bookmark, folderId)}
                onRemove={() => void writes?.remove({ contentType: bookmark.contentType, contentId: bookmark.contentId, title: bookmark.title })}
                onRetry={(id) => void retry(id)}
                onDiscard={(id) => void discard(id)}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete folder"
        message={deleting ? `Delete folder "${deleting.name}"? Bookmarks will not be deleted.` : ''}
        confirmLabel="Delete Folder"
        onConfirm={() => {
          const folder = deleting;
          setDeleting(null);
          if (!folder) return;
          if (selected === folder.id) setSelected(null);
          void writes?.deleteFolder(folder);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function EmptyBookmarks() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-6 py-12 text-center">
      <BookmarkX aria-hidden="true" className="size-10 text-base-content/50" />
      <h3 className="text-lg font-bold">No Bookmarks Yet</h3>
      <p className="max-w-md text-base-content/75">Save videos and articles with their Bookmark button to find them here, grouped in your folders.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/videos" className="btn btn-primary">
          Browse Videos
        </Link>
        <Link to="/blog" className="btn btn-outline">
          Read Articles
        </Link>
      </div>
    </div>
  );
}
