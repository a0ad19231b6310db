export { blogKeys } from './api/keys';
export { BlogList } from './components/blog-list';
export { BlogPostView, type BlogPostViewProps } from './components/blog-post-view';
export { MarkdownContent } from './components/markdown-content';
