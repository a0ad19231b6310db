import { useState } from 'react';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { LIVE_PLAYER_BOX } from './live-player-box';

export const LIVE_PLAYER_NEEDS_CONNECTION = 'The live video needs a connection.';

/** The privacy-enhanced embed of the stream's video: the video platform sets no cookies until the visitor plays. */
export function liveEmbedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?playsinline=1&rel=0`;
}

/**
 * The live stream's YouTube video (its `youtubeId`, read from the link the desk was given), in a
 * 16:9 box. It does not start by itself: the page may switch to a stream while the reader is
 * typing a question. Opened offline it says it needs a connection and becomes the player when the
 * connection returns; a player already on screen stays when the signal drops.
 */
export function LivePlayer({ youtubeId, title }: { youtubeId: string; title: string }) {
  const online = useOnlineStatus();
  const [started, setStarted] = useState(online);
  if (online && !started) setStarted(true);

  return (
    <div className={LIVE_PLAYER_BOX}>
      {started ? (
        <iframe
          src={liveEmbedUrl(youtubeId)}
          title={`Live video: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 p-4 text-center">
          <WifiOff aria-hidden="true" className="size-10" />
          <p role="status" className="max-w-xs font-medium">
            {LIVE_PLAYER_NEEDS_CONNECTION}
          </p>
        </div>
      )}
    </div>
  );
}
