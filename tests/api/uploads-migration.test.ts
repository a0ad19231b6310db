// Uploads move from files in UPLOAD_DIR into the database (migration 005), so every API process
// serves them (docs/decisions/009-uploads-and-jobs-in-the-database.md). An install upgraded with
// avatars on disk must keep every one of them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { migrate } from '#api/db';
import { migrationSourceFor } from '#api/migrations/index';
import { objectEtag, objectsService } from '#api/modules/objects/objects.service';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let database: TestDatabase | undefined;
let uploadDir: string | undefined;
afterEach(async () => {
  await database?.drop();
  if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
  database = uploadDir = undefined;
});

/** A database as the previous release left it: the migrations before 005, a user, and upload rows. */
async function databaseBeforeUploadsMoved(dir: string) {
  database = await createTestDatabase({ migrated: false });
  const { db } = database;
  const full = migrationSourceFor({ uploadDir: dir });
  await db.migrate.latest({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name < '005') } });
  const now = new Date().toISOString();
  const [user] = await db('users')
    .insert({ username: 'avatar_owner', email: 'avatar_owner@example.com', name: 'Avatar Owner', password_hash: 'x', created_at: now, updated_at: now })
    .returning('id');
  const userId = typeof user === 'object' ? (user as { id: number }).id : (user as number);
  const row = (status: string, contentType: string | null) => ({
    id: crypto.randomUUID(),
    user_id: userId,
    upload_token: crypto.randomBytes(24).toString('base64url'),
    status,
    content_type: contentType,
    size: contentType ? PNG.length : null,
    created_at: now,
    expires_at: now,
  });
  const onDisk = row('stored', 'image/png');
  const lostFile = row('stored', 'image/png');
  const pending = row('pending', null);
  await db('uploaded_objects').insert([onDisk, lostFile, pending]);
  await db('users').where({ id: userId }).update({ avatar_url: `/objects/${onDisk.id}` });
  return { db, onDisk, lostFile, pending };
}

describe('migration 005: uploads in the database', () => {
  test('when an avatar is a file in UPLOAD_DIR, then after the upgrade its bytes, type and ETag are served from the database', async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-old-uploads-'));
    const { db, onDisk, lostFile, pending } = await databaseBeforeUploadsMoved(uploadDir);
    fs.writeFileSync(path.join(uploadDir, onDisk.id), PNG);
    // A half-written file of an upload that never finished is not an object.
    fs.writeFileSync(path.join(uploadDir, `${pending.id}.part`), PNG.subarray(0, 10));

    await migrate(db, { uploadDir });

    const objects = objectsService(db, { jobLeaseMs: 60_000 });
    const served = await objects.findStored(onDisk.id);
    // The same ETag a new upload of these bytes gets.
    expect(served).toMatchObject({ contentType: 'image/png', size: PNG.length, etag: objectEtag(PNG) });
    expect(Buffer.from(await served.body())).toEqual(PNG);
    await expect(objects.findStored(lostFile.id)).rejects.toMatchObject({ status: 404 });
    expect((await db('uploaded_objects').where({ id: pending.id }).first('body')).body).toBeNull();
    // The files stay where they were, for a rollback.
    expect(fs.existsSync(path.join(uploadDir, onDisk.id))).toBe(true);
  });

  test('when UPLOAD_DIR does not exist (nothing was ever uploaded), then the upgrade still succeeds', async () => {
    const { db, onDisk } = await databaseBeforeUploadsMoved(path.join(os.tmpdir(), `cik-no-such-dir-${crypto.randomUUID()}`));
    await migrate(db, { uploadDir: path.join(os.tmpdir(), `cik-no-such-dir-${crypto.randomUUID()}`) });
    const objects = objectsService(db, { jobLeaseMs: 60_000 });
    await expect(objects.findStored(onDisk.id)).rejects.toMatchObject({ status: 404 });
    expect(await db.schema.hasTable('job_leases')).toBe(true);
  });
});
