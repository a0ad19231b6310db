import { NetworkError } from '#pwa/lib/api-client';
import { saveItem, savedDb } from '#pwa/offline/saved-store';
import { mockFetch, offline } from '#pwa/test/fetch';
import { aSavedVideo } from '#pwa/test/saved';
import { getVideoOrSaved } from './get-video';

beforeEach(async () => {
  await savedDb.items.clear();
});

test("with no network, a video saved on this device gives the watch page its details; one not saved stays a network error", async () => {
  await saveItem({ kind: 'video', video: aSavedVideo(3) });
  mockFetch(() => offline());
  expect(await getVideoOrSaved(3)).toEqual(aSavedVideo(3));
  await expect(getVideoOrSaved(4)).rejects.toBeInstanceOf(NetworkError);
});
