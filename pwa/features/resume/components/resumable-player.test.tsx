import { act, render, screen, waitFor } from '@testing-library/react';
import { getPosition, resetPositionsCache, savePosition } from '../resume-store';
import { PlayerState, type YoutubeApi, type YoutubePlayer, type YoutubePlayerOptions } from '../youtube/iframe-api';
import { ResumablePlayer, SAVE_EVERY_MS } from './resumable-player';

/** A stand-in for the YouTube IFrame API: its player is an iframe the test moves along by hand. */
class FakePlayer implements YoutubePlayer {
  static last: FakePlayer | null = null;
  time = 0;
  duration = 600;
  destroyed = false;
  constructor(
    element: HTMLElement,
    readonly options: YoutubePlayerOptions,
  ) {
    const iframe = document.createElement('iframe');
    element.replaceWith(iframe);
    FakePlayer.last = this;
  }
  getCurrentTime = () => this.time;
  getDuration = () => this.duration;
  seekTo = (seconds: number) => void (this.time = seconds);
  destroy = () => void (this.destroyed = true);
  /** The viewer plays, pauses…: the player tells the page. */
  state(data: number) {
    act(() => this.options.events?.onStateChange?.({ data, target: this }));
  }
}

const fakeApi = (): Promise<YoutubeApi> => Promise.resolve({ Player: FakePlayer });
const embed = <iframe title="Video player: plain embed" src="https://www.youtube-nocookie.com/embed/abc?autoplay=1" />;

function renderPlayer(loadApi: () => Promise<YoutubeApi> = fakeApi) {
  return render(<ResumablePlayer videoId={3} youtubeId="abc" title="The Minimal Facts Case" thumbnailUrl="https://i.ytimg.com/vi/abc/hqdefault.jpg" fallback={embed} loadApi={loadApi} />);
}

async function playerReady(): Promise<FakePlayer> {
  await waitFor(() => expect(FakePlayer.last).not.toBeNull());
  return FakePlayer.last!;
}

beforeEach(() => {
  FakePlayer.last = null;
  resetPositionsCache();
});

describe('ResumablePlayer', () => {
  test('a video never played here starts at the beginning, in a titled player', async () => {
    renderPlayer();
    const player = await playerReady();
    expect(player.options.videoId).toBe('abc');
    expect(player.options.host).toBe('https://www.youtube-nocookie.com');
    expect(player.options.playerVars).toEqual({ autoplay: 1, playsinline: 1, rel: 0 });
    expect(screen.getByTitle('Video player: The Minimal Facts Case').tagName).toBe('IFRAME');
  });

  test('starts where this device left it', async () => {
    savePosition({ kind: 'video', id: 3, title: 'The Minimal Facts Case', position: 37.6, progress: 37.6 / 600 });
    renderPlayer();
    expect((await playerReady()).options.playerVars?.start).toBe(37);
  });

  test('saves the position every few seconds while playing, and on pause', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderPlayer();
    const player = await playerReady();
    player.state(PlayerState.PLAYING);
    player.time = 12;
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS));
    expect(getPosition('video', 3)).toMatchObject({ position: 12, progress: 0.02, title: 'The Minimal Facts Case', thumbnailUrl: 'https://i.ytimg.com/vi/abc/hqdefault.jpg' });
    player.time = 20;
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS));
    expect(getPosition('video', 3)?.position).toBe(20);
    player.time = 31;
    player.state(PlayerState.PAUSED);
    expect(getPosition('video', 3)?.position).toBe(31);
    // Paused: no more saves.
    player.time = 99;
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS * 2));
    expect(getPosition('video', 3)?.position).toBe(31);
  });

  test('saves when the reader leaves: another page (unmount), the tab hidden, the page closed', async () => {
    const { unmount } = renderPlayer();
    const player = await playerReady();
    player.state(PlayerState.PLAYING);
    player.time = 40;
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(getPosition('video', 3)?.position).toBe(40);
    player.time = 45;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(getPosition('video', 3)?.position).toBe(45);
    player.time = 50;
    unmount();
    expect(getPosition('video', 3)?.position).toBe(50);
    expect(player.destroyed).toBe(true);
  });

  test('leaving before it played keeps the saved place (the player says 0 until it has sought)', async () => {
    savePosition({ kind: 'video', id: 3, title: 'The Minimal Facts Case', position: 37, progress: 0.06 });
    const { unmount } = renderPlayer();
    await playerReady();
    unmount();
    expect(getPosition('video', 3)?.position).toBe(37);
  });

  test('played to the end: the video is finished and its position forgotten', async () => {
    savePosition({ kind: 'video', id: 3, title: 'The Minimal Facts Case', position: 37, progress: 0.06 });
    const { unmount } = renderPlayer();
    const player = await playerReady();
    player.state(PlayerState.PLAYING);
    player.time = 600;
    player.state(PlayerState.ENDED);
    expect(getPosition('video', 3)).toBeUndefined();
    unmount();
    expect(getPosition('video', 3)).toBeUndefined();
  });

  test('the IFrame API cannot load (offline, blocked): the plain embed, and no error', async () => {
    renderPlayer(() => Promise.reject(new Error('The YouTube IFrame API could not load.')));
    expect(await screen.findByTitle('Video player: plain embed')).toBeTruthy();
    expect(screen.queryByTestId('youtube-player')).toBeNull();
  });
});

describe('loadYoutubeIframeApi', () => {
  // The scripts the loader adds to the page, held here (happy-dom would try to fetch them).
  let added: HTMLScriptElement[];
  beforeEach(() => {
    added = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
  });
  afterEach(() => {
    delete window.YT;
    delete window.onYouTubeIframeAPIReady;
  });
  const freshLoader = async () => {
    vi.resetModules();
    return (await import('../youtube/iframe-api')).loadYoutubeIframeApi;
  };

  test('adds the API script once and resolves when the API says it is ready', async () => {
    const loadYoutubeIframeApi = await freshLoader();
    const first = loadYoutubeIframeApi();
    const second = loadYoutubeIframeApi();
    expect(added.map((script) => script.src)).toEqual(['https://www.youtube.com/iframe_api']);
    window.YT = { Player: FakePlayer };
    window.onYouTubeIframeAPIReady?.();
    expect(await first).toBe(window.YT);
    expect(await second).toBe(window.YT);
  });

  test('rejects when the script fails to load, and tries again on the next call', async () => {
    const loadYoutubeIframeApi = await freshLoader();
    const failed = loadYoutubeIframeApi();
    added[0]!.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow('The YouTube IFrame API could not load.');
    void loadYoutubeIframeApi().catch(() => {});
    expect(added).toHaveLength(2);
  });

  test('rejects when the API does not arrive in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const loadYoutubeIframeApi = await freshLoader();
    const late = loadYoutubeIframeApi(8000);
    vi.advanceTimersByTime(8000);
    await expect(late).rejects.toThrow('The YouTube IFrame API took too long to load.');
  });

  test('an API already on the page is used as it is', async () => {
    const loadYoutubeIframeApi = await freshLoader();
    window.YT = { Player: FakePlayer };
    expect(await loadYoutubeIframeApi()).toBe(window.YT);
    expect(added).toEqual([]);
  });
});
