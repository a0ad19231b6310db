import {
  clearPosition,
  continueItems,
  getPosition,
  getPositions,
  MAX_AGE_MS,
  MAX_POSITIONS,
  prunePositions,
  resetPositionsCache,
  RESUME_STORAGE_KEY,
  savePosition,
  subscribePositions,
  type ResumePosition,
} from './resume-store';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-06-01T12:00:00Z');

const aPosition = (id: number, overrides: Partial<ResumePosition> = {}): ResumePosition => ({
  kind: 'video',
  id,
  title: `Video ${id}`,
  thumbnailUrl: `https://i.ytimg.com/vi/yt${id}/hqdefault.jpg`,
  position: 37,
  progress: 0.3,
  savedAt: NOW - id * 1000,
  ...overrides,
});

const stored = () => JSON.parse(localStorage.getItem(RESUME_STORAGE_KEY) ?? 'null') as ResumePosition[] | null;

beforeEach(() => {
  localStorage.clear();
  resetPositionsCache();
});

describe('positions on this device', () => {
  test('save, read back (also after a reload), update in place, clear', () => {
    savePosition({ kind: 'video', id: 3, title: 'The Minimal Facts Case', thumbnailUrl: null, position: 37.4, progress: 0.31 }, NOW);
    savePosition({ kind: 'blog', id: 3, title: 'Five Questions', position: 0.5, progress: 0.6 }, NOW + 1);
    expect(getPosition('video', 3)).toEqual({ kind: 'video', id: 3, title: 'The Minimal Facts Case', thumbnailUrl: null, position: 37.4, progress: 0.31, savedAt: NOW });
    // Same id, other kind: its own position.
    expect(getPosition('blog', 3)?.position).toBe(0.5);

    resetPositionsCache();
    expect(getPosition('video', 3)?.position).toBe(37.4);
    expect(stored()).toHaveLength(2);

    savePosition({ kind: 'video', id: 3, title: 'The Minimal Facts Case', position: 80, progress: 0.6 }, NOW + 2);
    expect(getPositions().map((p) => `${p.kind}:${p.id}:${p.position}`)).toEqual(['video:3:80', 'blog:3:0.5']);

    clearPosition('video', 3);
    expect(getPosition('video', 3)).toBeUndefined();
    expect(stored()!.map((p) => p.kind)).toEqual(['blog']);
  });

  test('played or read to the end, an item is finished: its position is forgotten, not saved', () => {
    savePosition({ kind: 'blog', id: 5, title: 'Post', position: 0.4, progress: 0.5 }, NOW);
    savePosition({ kind: 'blog', id: 5, title: 'Post', position: 0.9, progress: 0.99 }, NOW + 1);
    expect(getPosition('blog', 5)).toBeUndefined();
    expect(stored()).toEqual([]);
  });

  test('newest first; what changed is told to subscribers', () => {
    const heard = vi.fn();
    const stop = subscribePositions(heard);
    savePosition({ kind: 'video', id: 1, title: 'One', position: 10, progress: 0.1 }, NOW);
    savePosition({ kind: 'blog', id: 2, title: 'Two', position: 0.2, progress: 0.3 }, NOW + 10);
    savePosition({ kind: 'video', id: 1, title: 'One', position: 20, progress: 0.2 }, NOW + 20);
    expect(getPositions().map((p) => p.title)).toEqual(['One', 'Two']);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });

  test('a damaged store or entry is skipped, never thrown', () => {
    localStorage.setItem(RESUME_STORAGE_KEY, '{not json');
    expect(getPositions()).toEqual([]);
    resetPositionsCache();
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify([{ kind: 'video', id: 'x' }, aPosition(1, { savedAt: Date.now() }), { kind: 'podcast', id: 2 }]));
    expect(getPositions().map((p) => p.id)).toEqual([1]);
  });
});

describe('prunePositions', () => {
  test(`keeps the ${MAX_POSITIONS} newest, newest first`, () => {
    const many = Array.from({ length: MAX_POSITIONS + 5 }, (_, i) => aPosition(i + 1));
    const kept = prunePositions([...many].reverse(), NOW);
    expect(kept).toHaveLength(MAX_POSITIONS);
    expect(kept[0]!.id).toBe(1);
    expect(kept.at(-1)!.id).toBe(MAX_POSITIONS);
  });

  test('drops finished ones and ones not touched for about six months', () => {
    const kept = prunePositions(
      [
        aPosition(1),
        aPosition(2, { progress: 0.99 }),
        aPosition(3, { progress: 1 }),
        aPosition(4, { savedAt: NOW - MAX_AGE_MS - DAY }),
        aPosition(5, { savedAt: NOW - MAX_AGE_MS + DAY }),
      ],
      NOW,
    );
    expect(kept.map((p) => p.id)).toEqual([1, 5]);
  });

  test('one position per item: the newest', () => {
    const kept = prunePositions([aPosition(1, { position: 10, savedAt: NOW - 50 }), aPosition(1, { position: 99, savedAt: NOW - 5 }), aPosition(1, { kind: 'blog' })], NOW);
    expect(kept.map((p) => `${p.kind}:${p.position}`)).toEqual(['video:99', 'blog:37']);
  });

  test('a save prunes the store', () => {
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify(Array.from({ length: MAX_POSITIONS }, (_, i) => aPosition(i + 1, { savedAt: Date.now() - (i + 1) * 1000 }))));
    savePosition({ kind: 'blog', id: 1, title: 'New', position: 0.1, progress: 0.2 });
    expect(stored()).toHaveLength(MAX_POSITIONS);
    expect(stored()![0]!.title).toBe('New');
    expect(stored()!.some((p) => p.kind === 'video' && p.id === MAX_POSITIONS)).toBe(false);
  });
});

describe('continueItems', () => {
  test('at most four unfinished, newest first, completed ones left out', () => {
    const positions = prunePositions(Array.from({ length: 7 }, (_, i) => aPosition(i + 1)), NOW);
    expect(continueItems(positions).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(continueItems(positions, (kind, id) => kind === 'video' && (id === 2 || id === 3)).map((p) => p.id)).toEqual([1, 4, 5, 6]);
    expect(continueItems([aPosition(1, { progress: 0.99 }), aPosition(2)]).map((p) => p.id)).toEqual([2]);
  });
});
