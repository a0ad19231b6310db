import { useState } from 'react';

/**
 * A video's thumbnail from the video platform's image host, at maximum resolution (docs/product.md#home).
 * Not every video has a maxres image: the host then answers a 120×90 placeholder (or an error),
 * so fall back to the always-present hqdefault.
 */
export function youtubeThumbnailUrl(youtubeId: string, size: 'maxresdefault' | 'hqdefault' = 'maxresdefault'): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(youtubeId)}/${size}.jpg`;
}

export function YoutubeThumbnail({ youtubeId, alt = '', className = '', eager = false }: { youtubeId: string; alt?: string; className?: string; eager?: boolean }) {
  const [size, setSize] = useState<'maxresdefault' | 'hqdefault'>('maxresdefault');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <div aria-hidden="true" className={`bg-gradient-to-br from-primary/30 to-secondary/30 ${className}`} />;
  }
  return (
    <img
      src={youtubeThumbnailUrl(youtubeId, size)}
      alt={alt}
      width={1280}
      height={720}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-cover ${className}`}
      onLoad={(event) => {
        // The host's "no such image" placeholder is 120 px wide.
        if (size === 'maxresdefault' && event.currentTarget.naturalWidth <= 120) setSize('hqdefault');
      }}
      onError={() => (size === 'maxresdefault' ? setSize('hqdefault') : setFailed(true))}
    />
  );
}
