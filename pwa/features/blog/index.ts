export { blogKeys } from './api/keys';
