export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';
export { BookmarksScreen, type BookmarksScreenProps } from './components/bookmarks-screen';
export type { BookmarkItem } from './api/bookmark-view';
export { bookmarkKeys } from './api/bookmarks';
