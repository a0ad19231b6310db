import { BookmarksScreen } from '#pwa/features/bookmarks/components/bookmarks-screen';
import { CompletionMark } from '#pwa/features/progress/components/completion-mark';

/** The /bookmarks screen with completion marks: both read IndexedDB, so the route loads them after its first paint. */
export default function BookmarksContent({ userId }: { userId: number }) {
  return <BookmarksScreen userId={userId} badge={(b) => <CompletionMark contentType={b.contentType} contentId={b.contentId} />} />;
}
