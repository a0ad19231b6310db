import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

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

/** `children` once the page is in the browser's hands; `placeholder` until then and while its code loads. */
function Tool({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return <Suspense fallback={placeholder}>{hydrated ? children : placeholder}</Suspense>;
}

const buttonPlaceholder = <span aria-hidden="true" className="skeleton inline-block h-8 w-28 rounded-field" />;

export function BookmarkButton(props: ComponentProps<typeof BookmarkButtonLazy>) {
  return (
    <Tool placeholder={buttonPlaceholder}>
      <BookmarkButtonLazy {...props} />
    </Tool>
  );
}

export function CompleteButton(props: ComponentProps<typeof CompleteButtonLazy>) {
  return (
    <Tool placeholder={buttonPlaceholder}>
      <CompleteButtonLazy {...props} />
    </Tool>
  );
}

export function NotesButton(props: ComponentProps<typeof NotesButtonLazy>) {
  return (
    <Tool placeholder={buttonPlaceholder}>
      <NotesButtonLazy {...props} />
    </Tool>
  );
}

export function NotesPanel(props: ComponentProps<typeof NotesPanelLazy>) {
  return (
    <Tool placeholder={<div aria-hidden="true" className="skeleton h-64 w-full rounded-box" />}>
      <NotesPanelLazy {...props} />
    </Tool>
  );
}

export function Comments(props: ComponentProps<typeof CommentsLazy>) {
  return (
    <Tool placeholder={<div aria-hidden="true" className="skeleton h-40 w-full rounded-box" />}>
      <CommentsLazy {...props} />
    </Tool>
  );
}
