export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';
