import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pageQuiet } from '#pwa/lib/page-settled';
import { clearPosition, getPosition, savePosition } from '../resume-store';
import { loadYoutubeIframeApi, PlayerState, type YoutubeApi, type YoutubePlayer } from '../youtube/iframe-api';

/** How often the position is saved while the video plays. */
export const SAVE_EVERY_MS = 5000;
/** A saved position closer to the start than this plays from the start. */
const MIN_RESUME_SECONDS = 3;

export interface ResumablePlayerProps {
  /** The video's id on this site (the key of its saved position). */
  videoId: number;
  youtubeId: string;
  title: string;
  thumbnailUrl?: string | null;
  /** The plain embed, shown when the IFrame API cannot load (offline, blocked): the video still plays, from the start. */
  fallback: ReactNode;
  /** The IFrame API (tests give a fake). */
  loadApi?: () => Promise<YoutubeApi>;
}

/**
 * The watch page's player through the YouTube IFrame API: it starts where this device last left
 * the video, saves the position every few seconds while playing, on pause and when the reader
 * leaves (another page, another tab, the app closed), and forgets it when the video ends.
 */
export function ResumablePlayer({ videoId, youtubeId, title, thumbnailUrl = null, fallback, loadApi = loadYoutubeIframeApi }: ResumablePlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest details, read when saving without restarting the player when they change.
  const item = useRef({ title, thumbnailUrl });
  item.current = { title, thumbnailUrl };

  useEffect(() => {
    let player: YoutubePlayer | null = null;
    let cancelled = false;
    let timer: number | undefined;
    // Only a visit that played saves: before the player has sought to the saved point it says 0.
    let played = false;
    let ended = false;

    const save = () => {
      if (!player || !played || ended) return;
      const seconds = player.getCurrentTime();
      const duration = player.getDuration();
      if (!(duration > 0) || !(seconds >= 0)) return;
      savePosition({ kind: 'video', id: videoId, ...item.current, position: seconds, progress: Math.min(1, seconds / duration) });
    };
    const stopTimer = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onStateChange = ({ data }: { data: number }) => {
      if (data === PlayerState.PLAYING) {
        played = true;
        ended = false;
        timer ??= window.setInterval(save, SAVE_EVERY_MS);
      } else if (data === PlayerState.ENDED) {
        stopTimer();
        ended = true;
        clearPosition('video', videoId);
      } else if (data === PlayerState.PAUSED) {
        stopTimer();
        save();
      }
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    // The player's frame, named for screen readers as the plain embed is.
    const nameFrame = (frame: HTMLIFrameElement | null | undefined) => frame?.setAttribute('title', `Video player: ${item.current.title}`);

    // The player (the IFrame API's script, then the video platform's frame and its scripts, which
    // on a phone often share the page's process) comes once the page is quiet: on a first visit it
    // started while the page hydrated and the welcome dialog opened, in the same seconds.
    pageQuiet()
      .then(() => loadApi())
      .then(
        (YT) => {
          const element = host.current;
          if (cancelled || !element) return;
          // The API replaces the element it is given with its iframe: give it one React does not own.
          const target = document.createElement('div');
          element.replaceChildren(target);
          const saved = getPosition('video', videoId)?.position ?? 0;
          const start = saved >= MIN_RESUME_SECONDS ? Math.floor(saved) : 0;
          try {
            player = new YT.Player(target, {
              videoId: youtubeId,
              host: 'https://www.youtube-nocookie.com',
              width: '100%',
              height: '100%',
              playerVars: { autoplay: 1, playsinline: 1, rel: 0, ...(start ? { start } : {}) },
              events: { onStateChange, onReady: ({ target: ready }) => nameFrame(ready.getIframe?.()) },
            });
          } catch {
            setFailed(true);
            return;
          }
          nameFrame(element.querySelector('iframe'));
        },
        () => {
          if (!cancelled) setFailed(true);
        },
      );
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      cancelled = true;
      save();
      stopTimer();
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onHidden);
      player?.destroy();
    };
  }, [videoId, youtubeId, loadApi]);

  if (failed) return fallback;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-box bg-black shadow-lg">
      <div ref={host} data-testid="youtube-player" className="size-full [&_iframe]:size-full [&_iframe]:border-0" />
    </div>
  );
}
