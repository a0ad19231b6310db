import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, Clock, FileText, PlayCircle, Trash2 } from 'lucide-react';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { YoutubeThumbnail } from '#pwa/components/content';
import { categoryLabel, formatReadTime } from '#pwa/lib/format';
import type { BookmarkItem, FolderItem } from '../api/bookmark-view';

export interface BookmarkCardProps {
  bookmark: BookmarkItem;
  folders: FolderItem[];
  badge?: ReactNode;
  onMove: (folderId: string | null) => void;
  onRemove: () => void;
  onRetry: (entryId: string) => void;
  onDiscard: (entryId: string) => void;
}

/** One bookmark: what it points at, its folder (changeable, back to none too) and Remove. */
export function BookmarkCard({ bookmark, folders, badge, onMove, onRemove, onRetry, onDiscard }: BookmarkCardProps) {
  const selectId = useId();
  const href = bookmark.contentType === 'video' ? `/watch/${bookmark.contentId}` : `/blog/${bookmark.contentId}`;
  const content = bookmark.content;
  const isVideo = bookmark.contentType === 'video';
  const sync = bookmark.sync;

  return (
    <li className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      {isVideo ? (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="relative block aspect-video bg-base-300">
          {content?.youtubeId ? <YoutubeThumbnail youtubeId={content.youtubeId} className="size-full" /> : <div className="size-full bg-gradient-to-br from-primary/30 to-secondary/30" />}
          {content?.duration ? (
            <span className="badge badge-neutral absolute right-2 bottom-2 gap-1 font-mono text-xs">
              <Clock aria-hidden="true" className="size-3" />
              {content.duration}
            </span>
          ) : null}
        </Link>
      ) : null}
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-ghost badge-sm gap-1">
            {isVideo ? <PlayCircle aria-hidden="true" className="size-3" /> : <FileText aria-hidden="true" className="size-3" />}
            {isVideo ? 'Video' : 'Article'}
          </span>
          {content ? <span className="badge badge-outline badge-sm">{categoryLabel(content.category)}</span> : null}
          {badge}
          {sync.status === 'pending' ? <SyncMark status="pending" /> : null}
        </div>
        <h3 className="card-title text-base leading-snug">
          <Link to={href} className="link-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
            {bookmark.title}
          </Link>
        </h3>
        {content?.summary ? <p className="line-clamp-2 text-sm text-base-content/80">{content.summary}</p> : null}
        {!isVideo && content?.readTime ? (
          <p className="flex items-center gap-1 text-xs text-base-content/70">
            <BookOpen aria-hidden="true" className="size-3" />
            {formatReadTime(content.readTime)}
          </p>
        ) : null}
        {!content && sync.status === 'synced' ? <p className="text-sm text-base-content/70">This item is no longer available.</p> : null}
        {sync.status === 'failed' ? (
          <SyncMark status="failed" message={sync.entry.lastError} onRetry={() => onRetry(sync.entry.id)} onDiscard={() => onDiscard(sync.entry.id)} />
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-xs font-medium text-base-content/75">
              Folder
            </label>
            <select id={selectId} className="select select-sm w-44" value={bookmark.folderId ?? ''} onChange={(event) => onMove(event.target.value || null)} disabled={bookmark.removed}>
              <option value="">No folder</option>
              {folders
                .filter((f) => !f.deleted)
                .map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
            </select>
          </div>
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove} aria-label={`Remove bookmark "${bookmark.title}"`}>
            <Trash2 aria-hidden="true" className="size-4" /> Remove
          </button>
        </div>
      </div>
    </li>
  );
}
