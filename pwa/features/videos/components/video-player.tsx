/** The privacy-enhanced embed: the video platform sets no cookies until the visitor plays. */
export function embedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1`;
}

/** The embedded player, autoplaying, in a 16:9 box (SPEC §9), shorts included. */
export function VideoPlayer({ youtubeId, title }: { youtubeId: string; title: string }) {
  return (
    <div className="aspect-video w-full overflow-hidden rounded-box bg-black shadow-lg">
      <iframe
        src={embedUrl(youtubeId)}
        title={`Video player: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
    </div>
  );
}
