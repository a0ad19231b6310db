// What bookmarks.test.ts and folders.test.ts share: signed-in readers, their bookmarks and folders
// (`/api/bookmark-categories` in the API), made through the API, and the bookmark rows as stored.
import { insertVideo as insertVideoRow } from './fixtures';
import { signUp, type ApiClient, type TestApp } from './test-app';

/** The helpers over a test file's app, which its beforeAll starts: `app` is called when a helper runs. */
export function bookmarkHelpers(app: () => TestApp) {
  /** A new browser with a new user signed up (and so signed in) on it. */
  async function signedIn(): Promise<{ client: ApiClient; userId: number }> {
    const client = app().client();
    const user = await signUp(client);
    return { client, userId: user.id };
  }

  const insertVideo = (overrides: Record<string, unknown> = {}) => insertVideoRow(app().db, overrides);

  /** A folder of the user's, named "Study" unless `body` says otherwise. */
  async function createFolder(client: ApiClient, userId: number, body: Record<string, unknown> = {}) {
    const res = await client.post('/api/bookmark-categories', { userId, name: 'Study', ...body });
    if (res.status !== 201) throw new Error(`folder create failed: ${res.status} ${res.text}`);
    return res.body as { id: string; name: string; color: string; userId: number };
  }

  /** A bookmark of a new video (unless `body` names other content), unfiled unless `body` names a folder. */
  async function bookmark(client: ApiClient, userId: number, body: Record<string, unknown> = {}) {
    const res = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId: await insertVideo(), ...body });
    if (res.status !== 201) throw new Error(`bookmark failed: ${res.status} ${res.text}`);
    return res.body as { id: string; contentType: string; contentId: number; categoryId: string | null };
  }

  /** The user's rows in the bookmarks table. */
  const rowsFor = (userId: number) => app().db('bookmarks').where({ user_id: userId });

  return { signedIn, insertVideo, createFolder, bookmark, rowsFor };
}
