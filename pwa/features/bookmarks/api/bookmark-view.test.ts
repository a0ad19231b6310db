import type { Bookmark, Folder } from '../../../../contract/index.js';
import type { OutboxEntry } from '../../../offline/db';
import { overlayBookmarks } from './bookmark-view';

const FOLDER_A = '11111111-1111-4111-8111-111111111111';
const FOLDER_B = '22222222-2222-4222-8222-222222222222';
const server: Bookmark[] = [
  { id: 'b-1', userId: 7, contentType: 'video', contentId: 1, categoryId: FOLDER_A, createdAt: '2025-02-01T00:00:00.000Z', content: { id: 1, title: 'Minimal Facts', summary: 's', category: 'apologetics', youtubeId: 'yt1', duration: '10:00', readTime: null } },
  { id: 'b-2', userId: 7, contentType: 'blog', contentId: 5, categoryId: null, createdAt: '2025-01-01T00:00:00.000Z', content: { id: 5, title: 'Context', summary: null, category: 'theology', youtubeId: null, duration: null, readTime: 6 } },
];
const folders: Folder[] = [{ id: FOLDER_A, name: 'Easter', color: '#FF0000', userId: 7, createdAt: '2025-01-01T00:00:00.000Z' }];

let seq = 0;
function entry(kind: string, subject: string, body: unknown, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return { seq, id: `e-${seq}`, userId: 7, subject, kind, method: 'POST', path: '/x', body, createdAt: `2025-03-0${seq % 9}T00:00:00.000Z`, attempts: 0, status: 'pending', nextAttemptAt: 0, invalidate: [], failureMessage: '', label: '', ...extra };
}

describe('overlayBookmarks', () => {
  test('with nothing queued it is the server state, newest first, all synced', () => {
    const view = overlayBookmarks(server, folders, []);
    expect(view.bookmarks.map((b) => [b.key, b.categoryId, b.sync.status])).toEqual([
      ['video:1', FOLDER_A, 'synced'],
      ['blog:5', null, 'synced'],
    ]);
    expect(view.folders.map((f) => f.name)).toEqual(['Easter']);
  });

  test('a queued save shows a new bookmark at once, pending, titled from the entry', () => {
    const save = entry('bookmark.save', 'bookmark:video:9', { id: 'c-9', userId: 7, contentType: 'video', contentId: 9, categoryId: null }, { meta: { title: 'New one' } });
    const view = overlayBookmarks(server, folders, [save]);
    const added = view.byKey.get('video:9')!;
    expect(added).toMatchObject({ id: 'c-9', title: 'New one', removed: false, sync: { status: 'pending' } });
    expect(view.bookmarks).toHaveLength(3);
  });

  test('the last entry wins: save then remove is not bookmarked; remove then save is', () => {
    const save = entry('bookmark.save', 'bookmark:blog:5', { id: 'b-2', userId: 7, contentType: 'blog', contentId: 5, categoryId: FOLDER_A });
    const remove = entry('bookmark.remove', 'bookmark:blog:5', { userId: 7, contentType: 'blog', contentId: 5 });
    expect(overlayBookmarks(server, folders, [save, remove]).byKey.get('blog:5')!.removed).toBe(true);
    expect(overlayBookmarks(server, folders, [save, remove]).bookmarks.map((b) => b.key)).toEqual(['video:1']);
    const again = entry('bookmark.save', 'bookmark:blog:5', { id: 'c-new', userId: 7, contentType: 'blog', contentId: 5, categoryId: null });
    const view = overlayBookmarks(server, folders, [remove, again]);
    expect(view.byKey.get('blog:5')).toMatchObject({ removed: false, id: 'c-new', title: 'Context' });
  });

  test('a refused removal stays listed with its failure', () => {
    const remove = entry('bookmark.remove', 'bookmark:video:1', { userId: 7, contentType: 'video', contentId: 1 }, { status: 'failed', lastError: 'Nope' });
    const view = overlayBookmarks(server, folders, [remove]);
    expect(view.bookmarks.find((b) => b.key === 'video:1')).toMatchObject({ removed: true, sync: { status: 'failed' } });
  });

  test('a folder created offline is there at once and can take a bookmark; deleting a folder unfiles its bookmarks', () => {
    const create = entry('folder.create', `folder:${FOLDER_B}`, { id: FOLDER_B, userId: 7, name: ' Study ', color: '' });
    const move = entry('bookmark.move', 'bookmark:blog:5', { categoryId: FOLDER_B }, { method: 'PATCH' });
    let view = overlayBookmarks(server, folders, [create, move]);
    expect(view.folders.map((f) => [f.name, f.color, f.sync.status])).toEqual([
      ['Easter', '#FF0000', 'synced'],
      ['Study', '#3B82F6', 'pending'],
    ]);
    expect(view.byKey.get('blog:5')!.categoryId).toBe(FOLDER_B);

    const remove = entry('folder.delete', `folder:${FOLDER_A}`, undefined, { method: 'DELETE' });
    view = overlayBookmarks(server, folders, [create, move, remove]);
    expect(view.folders.map((f) => f.name)).toEqual(['Study']);
    expect(view.bookmarks.find((b) => b.key === 'video:1')!.categoryId).toBeNull();
  });
});
