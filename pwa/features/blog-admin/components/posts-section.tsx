import { useState } from 'react';
import { AdminPostList } from './admin-post-list';
import type { DeskSectionProps } from './desk-section';
import { PostForm } from './post-form';

/** The form (a new article, or the post being edited) beside the list whose "Edit" opens one in it. */
export function PostsSection({ renderPreview }: DeskSectionProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <PostForm renderPreview={renderPreview} editingId={editingId} onDoneEditing={() => setEditingId(null)} />
      <AdminPostList onEdit={setEditingId} />
    </div>
  );
}
