import { useCountViewOnce } from '#pwa/lib/use-count-view';
import { videoKeys } from './video-keys';

const viewsPath = (id: number) => `/api/videos/${id}/views`;

/** docs/product.md#watch-page: opening the page counts a view, once per visit of the watch page, once the video has loaded. */
export const useCountVideoView = (videoId: number | undefined): void => useCountViewOnce(videoId, viewsPath, videoKeys.detail);
