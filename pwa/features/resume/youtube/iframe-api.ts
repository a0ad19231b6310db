// The part of the YouTube IFrame Player API (https://developers.google.com/youtube/iframe_api_reference)
// the watch page uses to know how far a video played and to start it there again.

export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/** YT.PlayerState */
export const PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

export interface YoutubePlayer {
  getCurrentTime(): number;
  getDuration(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getIframe?(): HTMLIFrameElement;
  destroy(): void;
}

export interface YoutubePlayerOptions {
  videoId: string;
  host?: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YoutubePlayer }) => void;
    onStateChange?: (event: { data: number; target: YoutubePlayer }) => void;
    onError?: (event: { data: number; target: YoutubePlayer }) => void;
  };
}

export interface YoutubeApi {
  Player: new (element: HTMLElement, options: YoutubePlayerOptions) => YoutubePlayer;
}

declare global {
  interface Window {
    YT?: Partial<YoutubeApi>;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** How long the API may take to arrive before the plain embed is shown instead. */
export const IFRAME_API_TIMEOUT_MS = 8000;

let loading: Promise<YoutubeApi> | null = null;

const ready = (): YoutubeApi | null => (typeof window.YT?.Player === 'function' ? (window.YT as YoutubeApi) : null);

/**
 * The IFrame API, its script added to the page on the first call (only the watch page calls it).
 * Rejects when the script cannot load (offline, blocked) or takes longer than `timeoutMs`; the
 * next call tries again.
 */
export function loadYoutubeIframeApi(timeoutMs = IFRAME_API_TIMEOUT_MS): Promise<YoutubeApi> {
  const api = ready();
  if (api) return Promise.resolve(api);
  loading ??= new Promise<YoutubeApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = window.setTimeout(() => fail('The YouTube IFrame API took too long to load.'), timeoutMs);
    // The API calls this global once YT.Player exists; another caller's handler is kept.
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      window.clearTimeout(timer);
      const loaded = ready();
      if (loaded) resolve(loaded);
      else fail('The YouTube IFrame API loaded without YT.Player.');
    };
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => fail('The YouTube IFrame API could not load.');
    document.head.append(script);
  });
  return loading;
}
