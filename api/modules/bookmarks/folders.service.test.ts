import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '#tests/support/test-db';
import { AppError } from '#api/errors';
import { foldersService } from './folders.service';

let tdb: TestDatabase;
beforeEach(async () => {
  tdb = await createTestDatabase();
});
afterEach(async () => {
  await tdb.drop();
});

const now = () => new Date().toISOString();

async function seedUser(name: string): Promise<number> {
  const [row] = await tdb.db('users').insert({ username: name, email: `${name}@example.com`, name, password_hash: 'x', created_at: now(), updated_at: now() }).returning('id');
  return Number(row.id);
}

async function seedFolder(userId: number): Promise<string> {
  const id = crypto.randomUUID();
  await tdb.db('bookmark_folders').insert({ id, user_id: userId, name: 'F', color: '#3B82F6', created_at: now() });
  return id;
}

async function seedBookmark(userId: number, contentId: number, folderId: string | null): Promise<string> {
  const id = crypto.randomUUID();
  await tdb.db('bookmarks').insert({ id, user_id: userId, content_type: 'video', content_id: contentId, folder_id: folderId, created_at: now() });
  return id;
}

async function folderOf(bookmarkId: string): Promise<string | null> {
  const row = await tdb.db('bookmarks').where({ id: bookmarkId }).first();
  if (!row) throw new Error(`bookmark ${bookmarkId} is gone`);
  return row.folder_id;
}

/** Takes away the schema's ON DELETE SET NULL, so only the service can be what unfiles bookmarks. */
async function dropFolderForeignKey(): Promise<void> {
  if (testDialect() === 'pg') await tdb.db.raw('ALTER TABLE bookmarks DROP CONSTRAINT bookmarks_folder_id_foreign');
  else await tdb.db.raw('PRAGMA foreign_keys = OFF'); // one pooled connection, so it holds for the service's queries
}

async function makeFolderDeletesFail(): Promise<void> {
  if (testDialect() === 'pg') {
    await tdb.db.raw("CREATE FUNCTION refuse_delete() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql");
    await tdb.db.raw('CREATE TRIGGER refuse_folder_delete BEFORE DELETE ON bookmark_folders FOR EACH ROW EXECUTE FUNCTION refuse_delete()');
  } else {
    await tdb.db.raw("CREATE TRIGGER refuse_folder_delete BEFORE DELETE ON bookmark_folders BEGIN SELECT RAISE(ABORT, 'refused'); END");
  }
}

describe('foldersService.remove', () => {
  test('when the owner deletes a folder, then its bookmarks stay, unfiled, without relying on ON DELETE SET NULL', async () => {
    await dropFolderForeignKey();
    const userId = await seedUser('owner');
    const folder = await seedFolder(userId);
    const other = await seedFolder(userId);
    const a = await seedBookmark(userId, 1, folder);
    const b = await seedBookmark(userId, 2, folder);
    const c = await seedBookmark(userId, 3, other);

    await foldersService(tdb.db).remove(userId, folder);

    expect(await tdb.db('bookmark_folders').where({ id: folder })).toHaveLength(0);
    expect(await folderOf(a)).toBeNull();
    expect(await folderOf(b)).toBeNull();
    expect(await folderOf(c)).toBe(other);
  });

  test('when removing the folder fails, then the bookmarks are left in it (one transaction)', async () => {
    const userId = await seedUser('owner');
    const folder = await seedFolder(userId);
    const a = await seedBookmark(userId, 1, folder);
    await makeFolderDeletesFail();

    await expect(foldersService(tdb.db).remove(userId, folder)).rejects.toThrow(/refused/);

    expect(await tdb.db('bookmark_folders').where({ id: folder })).toHaveLength(1);
    expect(await folderOf(a)).toBe(folder);
  });

  test("when the folder is another user's, then 403 and nothing changes", async () => {
    const owner = await seedUser('owner');
    const intruder = await seedUser('intruder');
    const folder = await seedFolder(owner);
    const a = await seedBookmark(owner, 1, folder);

    await expect(foldersService(tdb.db).remove(intruder, folder)).rejects.toMatchObject({ status: 403 });

    expect(await tdb.db('bookmark_folders').where({ id: folder })).toHaveLength(1);
    expect(await folderOf(a)).toBe(folder);
  });

  test('when the folder is unknown (or its id is not a UUID, which the route refuses first with a 400), then 404', async () => {
    const userId = await seedUser('owner');
    const service = foldersService(tdb.db);
    const unknown = service.remove(userId, crypto.randomUUID());
    await expect(unknown).rejects.toBeInstanceOf(AppError);
    await expect(unknown).rejects.toMatchObject({ status: 404 });
    await expect(service.remove(userId, 'nope')).rejects.toMatchObject({ status: 404 });
  });

  test('when the id is given in upper case, then the same folder is deleted', async () => {
    const userId = await seedUser('owner');
    const folder = await seedFolder(userId);
    await foldersService(tdb.db).remove(userId, folder.toUpperCase());
    expect(await tdb.db('bookmark_folders').where({ id: folder })).toHaveLength(0);
  });
});
