import { lazy, type ComponentProps } from 'react';
import { AfterHydration } from '../../components/ui/after-hydration';

// The study tools (bookmark, complete, notes, comments) load just after the article or video
// they sit beside: they need IndexedDB (Dexie, ~30 kB gz), which the content itself does not,
// so a page's words and player show first. The placeholders keep the layout from jumping. They are
// the reader's own (their bookmark, progress, notes; comments with their form), so the server
// renders only the placeholders, and so does the render that hydrates its markup.
const BookmarkButtonLazy = lazy(() => import('../../features/bookmarks/components/bookmark-button').then((m) => ({ default: m.BookmarkButton })));
const CompleteButtonLazy = lazy(() => import('../../features/progress/components/complete-button').then((m) => ({ default: m.CompleteButton })));
const NotesPanelLazy = lazy(() => import('../../features/notes/components/notes-panel').then((m) => ({ default: m.NotesPanel })));
const NotesButtonLazy = lazy(() => import('../../features/notes/components/notes-button').then((m) => ({ default: m.NotesButton })));
const CommentsLazy = lazy(() => import('../../features/comments/components/comments').then((m) => ({ default: m.Comments })));

const buttonPlaceholder = <span aria-hidden="true" className="skeleton inline-block h-8 w-28 rounded-field" />;

export function BookmarkButton(props: ComponentProps<typeof BookmarkButtonLazy>) {
  return (
    <AfterHydration placeholder={buttonPlaceholder}>
      <BookmarkButtonLazy {...props} />
    </AfterHydration>
  );
}

export function CompleteButton(props: ComponentProps<typeof CompleteButtonLazy>) {
  return (
    <AfterHydration placeholder={buttonPlaceholder}>
      <CompleteButtonLazy {...props} />
    </AfterHydration>
  );
}

export function NotesButton(props: ComponentProps<typeof NotesButtonLazy>) {
  return (
    <AfterHydration placeholder={buttonPlaceholder}>
      <NotesButtonLazy {...props} />
    </AfterHydration>
  );
}

export function NotesPanel(props: ComponentProps<typeof NotesPanelLazy>) {
  return (
    <AfterHydration placeholder={<div aria-hidden="true" className="skeleton h-64 w-full rounded-box" />}>
      <NotesPanelLazy {...props} />
    </AfterHydration>
  );
}

export function Comments(props: ComponentProps<typeof CommentsLazy>) {
  return (
    <AfterHydration placeholder={<div aria-hidden="true" className="skeleton h-40 w-full rounded-box" />}>
      <CommentsLazy {...props} />
    </AfterHydration>
  );
}
