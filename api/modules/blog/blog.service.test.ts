import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDb, migrate, type Db } from '#api/db';
import { AppError } from '#api/errors';
import { pathIdSchema } from '#contract';
import { blogListQuerySchema } from '#contract/queries';
import { objectsService } from '../objects/objects.service';
import { blogService, type BlogService } from './blog.service';

let dir: string;
let db: Db;
let service: BlogService;
async function insertPost(featured = false): Promise<number> {
  const [row] = await db('blog_posts')
    .insert({ title: 'T', content: 'C', category: 'theology', published_at: new Date().toISOString(), featured })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

async function featuredIds(): Promise<number[]> {
  return (await db('blog_posts').where({ featured: true }).select('id')).map((r) => Number(r.id));
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-blog-unit-'));
  db = createDb({ client: 'sqlite', filename: path.join(dir, 'blog.sqlite') });
  await migrate(db);
  service = blogService(db, objectsService(db, { jobLeaseMs: 60_000 }));
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db('blog_posts').delete();
});

describe('featuring a post', () => {
  test('moves the single featured flag from the old post to the new one', async () => {
    const old = await insertPost(true);
    const next = await insertPost();
    const post = await service.feature(next);
    expect(post).toMatchObject({ id: next, featured: true });
    expect(await featuredIds()).toEqual([next]);
    expect((await service.featured())?.id).toBe(next);
    expect(old).not.toBe(next);
  });

  test('repairs a table that somehow holds several featured posts', async () => {
    await insertPost(true);
    await insertPost(true);
    const chosen = await insertPost();
    await service.feature(chosen);
    expect(await featuredIds()).toEqual([chosen]);
  });

  test('leaves exactly one featured when many are featured at once', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => insertPost()));
    await Promise.all(ids.map((id) => service.feature(id)));
    expect(await featuredIds()).toHaveLength(1);
  });

  test('an unknown post is 404 and no flag moves', async () => {
    const current = await insertPost(true);
    const err = await rejection(service.feature(999999));
    expect(err.status).toBe(404);
    expect(err.message).toBe('Article not found');
    expect(await featuredIds()).toEqual([current]);
  });

  test('with no featured post, featured() is null', async () => {
    await insertPost();
    expect(await service.featured()).toBeNull();
  });
});

describe("a post's id from the path (pathIdSchema, as the route reads it)", () => {
  test.each(['1', '42', '2147483647'])('accepts %s', (raw) => {
    expect(pathIdSchema.parse(raw)).toBe(Number(raw));
  });
  test.each(['0', '-1', 'abc', '1.5', '1e3', '2147483648', '', undefined])('answers 404 for %s', async (raw) => {
    await expect(service.get(pathIdSchema.parse(raw))).rejects.toThrow('Article not found');
  });
});

describe('blogListQuerySchema', () => {
  test('defaults to 50 from the start and treats an empty category as all', () => {
    expect(blogListQuerySchema.parse({ category: '' })).toEqual({ category: undefined, limit: 50, offset: 0, q: '' });
  });
  test.each([{ category: 'nope' }, { limit: '101' }, { limit: '0' }, { offset: '-1' }, { q: 'a'.repeat(201) }])('refuses %o', (query) => {
    expect(blogListQuerySchema.safeParse(query).success).toBe(false);
  });
});
