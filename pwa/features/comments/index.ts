export { Comments, type CommentsProps } from './components/comments';
