import { appDb, type AppDatabase } from './device-db';

const SYNC_USER_KEY = 'syncUserId';

/** Remembers whose writes the service worker may deliver on Background Sync (null after sign-out). */
export async function setSyncUser(userId: number | null, db: AppDatabase = appDb): Promise<void> {
  if (userId === null) await db.meta.delete(SYNC_USER_KEY);
  else await db.meta.put({ key: SYNC_USER_KEY, value: userId });
}

/** Whose writes the service worker delivers: the user signed in on this device's pages, if any. */
export async function getSyncUser(db: AppDatabase = appDb): Promise<number | null> {
  const record = await db.meta.get(SYNC_USER_KEY);
  return typeof record?.value === 'number' ? record.value : null;
}
