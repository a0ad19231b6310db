import { useCountViewOnce } from '#pwa/lib/use-count-view';
import { blogKeys } from './keys';

const viewsPath = (id: number) => `/api/blog/${id}/views`;

/** POST /api/blog/{id}/views once per visit of a post page, once the post has loaded; the page then shows the new total. */
export const useRecordView = (id: number | undefined): void => useCountViewOnce(id, viewsPath, blogKeys.detail);
