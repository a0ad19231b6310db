import { afterHydrationLazy } from '#pwa/components/ui/after-hydration';

// The study tools (bookmark, complete, notes, comments) load just after the article or video
// they sit beside: they need IndexedDB (Dexie, ~30 kB gz), which the content itself does not,
// so a page's words and player show first. The placeholders keep the layout from jumping. They are
// the reader's own (their bookmark, progress, notes; comments with their form), so the server
// renders only the placeholders, and so does the render that hydrates its markup.
const buttonPlaceholder = <span aria-hidden="true" className="skeleton skeleton-still inline-block h-8 w-28 rounded-field" />;

export const BookmarkButton = afterHydrationLazy(() => import('#pwa/features/bookmarks/components/bookmark-button'), 'BookmarkButton', buttonPlaceholder);

export const CompleteButton = afterHydrationLazy(() => import('#pwa/features/progress/components/complete-button'), 'CompleteButton', buttonPlaceholder);

export const NotesButton = afterHydrationLazy(() => import('#pwa/features/notes/components/notes-button'), 'NotesButton', buttonPlaceholder);

export const NotesPanel = afterHydrationLazy(
  () => import('#pwa/features/notes/components/notes-panel'),
  'NotesPanel',
  <div aria-hidden="true" className="skeleton skeleton-still h-64 w-full rounded-box" />,
);

export const Comments = afterHydrationLazy(
  () => import('#pwa/features/comments/components/comments'),
  'Comments',
  <div aria-hidden="true" className="skeleton skeleton-still h-40 w-full rounded-box" />,
);
