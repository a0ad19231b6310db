export { BlogAdmin, NOT_EDITOR_TEXT, SIGNED_OUT_TEXT } from './components/blog-admin';
export { blogAdminKeys } from './api/keys';
