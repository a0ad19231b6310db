export { ArticleCard } from './article-card';
export { CardSkeletons } from './card-skeletons';
export { VideoCard } from './video-card';
export { YoutubeThumbnail, youtubeThumbnailUrl } from './youtube-thumbnail';
