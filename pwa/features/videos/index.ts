// The videos feature's public surface, for pwa/app to compose.
export { VideoLibrary } from './components/video-library';
export { WatchVideo, VideoNotFound, type WatchVideoSlots } from './components/watch-video';
export { videoKeys } from './api/video-keys';
export { useVideo, videoQueryOptions } from './api/get-video';
export { useSearchVideos, searchVideosQueryOptions } from './api/search-videos';
