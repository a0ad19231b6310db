import { useState, type ReactNode } from 'react';
import { WifiOff } from 'lucide-react';
import { YoutubeThumbnail } from '#pwa/components/content';
import { useOnlineStatus } from '#pwa/lib/use-online-status';

export const PLAYER_NEEDS_CONNECTION = 'The video player needs a connection.';

/** The privacy-enhanced embed: the video platform sets no cookies until the visitor plays. */
export function embedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1`;
}

/**
 * The embedded player, autoplaying, in a 16:9 box (docs/product.md#limits), shorts included. Opened offline it
 * says it needs a connection (over the thumbnail, when the device has it) and becomes the player
 * when the connection returns. A player already on screen stays when the signal drops: it goes
 * on with what it has buffered, and a tunnel does not cost the reader their place in the video.
 * `renderPlayer` may put another player in the embed's place once online (the route's resume
 * glue), given the plain embed to fall back on.
 */
export function VideoPlayer({ youtubeId, title, renderPlayer }: { youtubeId: string; title: string; renderPlayer?: (embed: ReactNode) => ReactNode }) {
  const online = useOnlineStatus();
  const [started, setStarted] = useState(online);
  if (online && !started) setStarted(true);

  if (!started) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-box bg-neutral text-neutral-content shadow-lg" data-testid="player-offline">
        <YoutubeThumbnail youtubeId={youtubeId} className="absolute inset-0 size-full opacity-40" eager />
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/50 p-4 text-center text-white">
          <WifiOff aria-hidden="true" className="size-10" />
          <p role="status" className="max-w-xs text-base font-medium sm:text-lg">
            {PLAYER_NEEDS_CONNECTION}
          </p>
        </div>
      </div>
    );
  }
  const embed = (
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
  return renderPlayer ? renderPlayer(embed) : embed;
}
