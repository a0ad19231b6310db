export { ArticleCard } from './article-card';
export { ArticleGrid, CARD_GRID, VideoGrid } from './card-grid';
export { CardSkeletons } from './card-skeletons';
export { DurationMeta, FeaturedSkeleton, MetaItem, PublishedMeta, ReadTimeMeta, ViewsMeta } from './meta';
export { VideoCard } from './video-card';
export { YoutubeThumbnail, youtubeThumbnailUrl } from './youtube-thumbnail';
export { ResultGroup } from './result-group';
