import { useState } from 'react';
import type { Video } from '#contract/content';
import { DeskVideoList } from './desk-video-list';
import { VideoForm } from './video-form';

/**
 * The desk's Videos (/blog-admin/videos): "Add video" (or the video being edited) beside the list
 * of videos and shorts whose "Edit" opens one in it. One column on a phone, two on a desktop.
 */
export function VideosSection({ userId }: { userId: number }) {
  const [editing, setEditing] = useState<Video | null>(null);
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <VideoForm editing={editing} onDoneEditing={() => setEditing(null)} onEdit={setEditing} />
      <DeskVideoList
        userId={userId}
        editingId={editing?.id ?? null}
        onEdit={setEditing}
        onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
      />
    </div>
  );
}
