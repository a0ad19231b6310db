import { Bookmark } from 'lucide-react';

export interface BookmarkButtonProps {
  contentType: 'video' | 'blog';
  contentId: number;
  title: string;
}

export function BookmarkButton({ title }: BookmarkButtonProps) {
  return (
    <button type="button" className="btn btn-outline btn-sm" aria-label={`Bookmark "${title}"`}>
      <Bookmark aria-hidden="true" className="size-4" /> Bookmark
    </button>
  );
}
