import type { Bookmark, Folder } from '#contract';
import type { OutboxEntry } from '#pwa/offline';
import { overlayBookmarks } from './bookmark-view';

const FOLDER_A = '11111111-1111-4111-8111-111111111111';
const FOLDER_B = '22222222-2222-4222-8222-222222222222';
const server: Bookmark[] = [
  { id: 'b-1', userId: 7, contentType: 'video', contentId: 1, categoryId: FOLDER_A, createdAt: '2025-02-01T00:00:00.000Z', content: { id: 1, title: 'Minimal Facts', summary: 's', category: 'apologetics', youtubeId: 'yt1', duration: '10:00', readTime: null } },
  { id: 'b-2', userId: 7, contentType: 'blog', contentId: 5, categoryId: null, createdAt: '2025-01-01T00:00:00.000Z', content: { id: 5, title: 'Context', summary: null, category: 'theology', youtubeId: null, duration: null, readTime: 6 } },
];
const folders: Folder[] = [{ id: FOLDER_A, name: 'Easter', color: '#FF0000', userId: 7, createdAt: '2025-01-01T00:00:00.000Z' }];

let seq = 0;
/** An entry as the outbox stores it: its kind and variables (see writes.ts). */
function entry(kind: string, body: unknown, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return { seq, id: `e-${seq}`, userId: 7, kind, body, createdAt: `2025-03-0${seq % 9}T00:00:00.000Z`, attempts: 0, status: 'pending', nextAttemptAt: 0, ...extra };
}

describe('overlayBookmarks', () => {
  test('with nothing queued it is the server state, newest first, all synced', () => {
    const view = overlayBookmarks(server, folders, []);
    expect(view.bookmarks.map((b) => [b.key, b.folderId, b.sync.status])).toEqual([
      ['video:1', FOLDER_A, 'synced'],
      ['blog:5', null, 'synced'],
    ]);
    expect(view.folders.map((f) => f.name)).toEqual(['Easter']);
  });

  test('a queued save shows a new bookmark at once, pending, titled from the entry', () => {
    const save = entry('bookmark.save', { id: 'c-9', contentType: 'video', contentId: 9, categoryId: null, title: 'New one' });
    const view = overlayBookmarks(server, folders, [save]);
    const added = view.byKey.get('video:9')!;
    expect(added).toMatchObject({ id: 'c-9', title: 'New one', removed: false, sync: { status: 'pending' } });
    expect(view.bookmarks).toHaveLength(3);
  });

  test('the last entry wins: save then remove is not bookmarked; remove then save is', () => {
    const save = entry('bookmark.save', { id: 'b-2', contentType: 'blog', contentId: 5, categoryId: FOLDER_A, title: 'Context' });
    const remove = entry('bookmark.remove', { contentType: 'blog', contentId: 5, title: 'Context' });
    expect(overlayBookmarks(server, folders, [save, remove]).byKey.get('blog:5')!.removed).toBe(true);
    expect(overlayBookmarks(server, folders, [save, remove]).bookmarks.map((b) => b.key)).toEqual(['video:1']);
    const again = entry('bookmark.save', { id: 'c-new', contentType: 'blog', contentId: 5, categoryId: null, title: 'Context' });
    const view = overlayBookmarks(server, folders, [remove, again]);
    expect(view.byKey.get('blog:5')).toMatchObject({ removed: false, id: 'c-new', title: 'Context' });
  });

  test('a refused removal stays listed with its failure', () => {
    const remove = entry('bookmark.remove', { contentType: 'video', contentId: 1, title: 'Minimal Facts' }, { status: 'failed', lastError: 'Nope' });
    const view = overlayBookmarks(server, folders, [remove]);
    expect(view.bookmarks.find((b) => b.key === 'video:1')).toMatchObject({ removed: true, sync: { status: 'failed' } });
  });

  test('a folder created offline is there at once and can take a bookmark; deleting a folder unfiles its bookmarks', () => {
    const create = entry('folder.create', { id: FOLDER_B, name: ' Study ', color: '' });
    const move = entry('bookmark.move', { bookmarkId: 'b-2', contentType: 'blog', contentId: 5, title: 'Context', categoryId: FOLDER_B });
    let view = overlayBookmarks(server, folders, [create, move]);
    expect(view.folders.map((f) => [f.name, f.color, f.sync.status])).toEqual([
      ['Easter', '#FF0000', 'synced'],
      ['Study', '#3B82F6', 'pending'],
    ]);
    expect(view.byKey.get('blog:5')!.folderId).toBe(FOLDER_B);

    const remove = entry('folder.delete', { id: FOLDER_A, name: 'Easter' });
    view = overlayBookmarks(server, folders, [create, move, remove]);
    expect(view.folders.map((f) => f.name)).toEqual(['Study']);
    expect(view.bookmarks.find((b) => b.key === 'video:1')!.folderId).toBeNull();
  });
});
