import type { Video } from '#contract';
import { toBool, toIso, toNumber } from '#api/lib/convert';

export interface VideoRow {
  id: number;
  title: string;
  description: string | null;
  category: string;
  duration: string;
  views: number | string;
  published_at: unknown;
  youtube_id: string;
  is_short: unknown;
  featured: unknown;
}

export const VIDEO_COLUMNS = ['id', 'title', 'description', 'category', 'duration', 'views', 'published_at', 'youtube_id', 'is_short', 'featured'] as const;

export function toVideo(row: VideoRow): Video {
  return {
    id: toNumber(row.id),
    title: row.title,
    description: row.description,
    category: row.category as Video['category'],
    duration: row.duration,
    views: toNumber(row.views),
    publishedAt: toIso(row.published_at),
    youtubeId: row.youtube_id,
    isShort: toBool(row.is_short),
    featured: toBool(row.featured),
  };
}
