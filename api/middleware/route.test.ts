import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import { idSchema, pageLimitSchema, pathIdSchema } from '#contract';
import { errorHandler, forbidden, notFound } from '#api/errors';
import { actorId, requireUser } from './auth';
import { route } from './route';

// A small app with the API's error handler and body parser; the session is the `x-user` header.
const videos = new Map([[7, { id: 7, title: 'Seven' }]]);
const calls: string[] = [];

const router = new Router();
router.get(
  '/videos/:id',
  route({ params: z.object({ id: pathIdSchema }) }, (ctx, { params }) => {
    expectTypeOf(params.id).toEqualTypeOf<number>();
    const video = videos.get(params.id);
    if (!video) throw notFound('Video not found');
    ctx.body = video;
  }),
);
router.get(
  '/lists/:id',
  route({ params: z.object({ id: idSchema() }), query: z.object({ limit: pageLimitSchema(5, 10), tag: z.optional(z.string()) }) }, (ctx, input) => {
    expectTypeOf(input.query).toEqualTypeOf<{ limit: number; tag?: string | undefined }>();
    expectTypeOf(input.body).toEqualTypeOf<undefined>();
    ctx.body = input;
  }),
);
const noteSchema = z.object({ userId: idSchema('userId must be a numeric user id'), text: z.string().min(1, 'Please write something') });
router.post(
  '/notes',
  requireUser,
  route({ body: noteSchema, self: ({ body }) => body.userId }, (ctx, { body }) => {
    expectTypeOf(body).toEqualTypeOf<{ userId: number; text: string }>();
    ctx.status = 201;
    ctx.body = { by: actorId(ctx), text: body.text };
  }),
);
router.put(
  '/notes/:id',
  requireUser,
  route(
    {
      params: z.object({ id: pathIdSchema }),
      body: noteSchema,
      self: ({ body }) => body.userId,
      allow: async (_ctx, next) => {
        calls.push('allow');
        if (actorId(_ctx) === 2) throw forbidden('Readers cannot edit notes.');
        await next();
      },
    },
    (ctx, { params }) => {
      if (params.id !== 1) throw notFound('No such note');
      ctx.body = { id: params.id };
    },
  ),
);

const app = new Koa();
app.use(errorHandler);
app.use(async (ctx, next) => {
  const user = ctx.get('x-user');
  Object.assign(ctx, { session: user ? { userId: Number(user) } : null });
  await next();
});
app.use(bodyParser({ enableTypes: ['json'], parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] }));
app.use(router.routes());

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function call(method: string, path: string, opts: { user?: number; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.user !== undefined) headers['x-user'] = String(opts.user);
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('route(): params, query and body arrive parsed', () => {
  test('when the path, query and body fit, then the handler gets the parsed values', async () => {
    expect(await call('GET', '/videos/7')).toEqual({ status: 200, body: { id: 7, title: 'Seven' } });
    expect((await call('GET', '/lists/3?tag=a')).body).toEqual({ params: { id: 3 }, query: { limit: 5, tag: 'a' } });
    expect((await call('GET', '/lists/3?limit=10')).body).toEqual({ params: { id: 3 }, query: { limit: 10 } });
  });

  test('when the query does not fit, then 400 with the message and the zod issues, as errors.ts writes them', async () => {
    const res = await call('GET', '/lists/3?limit=11');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('limit: limit must be a whole number from 1 to 10');
    expect(res.body.issues).toEqual([expect.objectContaining({ path: ['limit'], message: 'limit must be a whole number from 1 to 10' })]);
  });

  test('when a path id declared with idSchema is not a number, then 400 naming it', async () => {
    const res = await call('GET', '/lists/abc');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('id: Expected a numeric id');
  });

  test('when the body does not fit, then 400 naming the field', async () => {
    const res = await call('POST', '/notes', { user: 1, body: { userId: 1, text: '' } });
    expect(res).toMatchObject({ status: 400, body: { message: 'text: Please write something' } });
  });

  test.each(['abc', '0', '-1', '1.5', '01', '1e3', '99999999999999999999'])('when a path id declared with pathIdSchema is %j, then 404 from the handler', async (id) => {
    expect(await call('GET', `/videos/${id}`)).toEqual({ status: 404, body: { message: 'Video not found' } });
  });
});

describe('route(): the order of answers is 401, 400, 403, 404', () => {
  test('without a session, 401 even for a body that does not fit', async () => {
    expect((await call('POST', '/notes', { body: { text: 5 } })).status).toBe(401);
  });

  test('signed in, 400 for a bad body before 403 for another userId', async () => {
    expect((await call('POST', '/notes', { user: 1, body: { userId: 2, text: 5 } })).status).toBe(400);
    expect((await call('POST', '/notes', { user: 1, body: { userId: 'me', text: 'x' } })).status).toBe(400);
  });

  test('the self-check reads the parsed body: 403 for another userId, the handler for your own (a string of digits is read as its number)', async () => {
    expect(await call('POST', '/notes', { user: 1, body: { userId: 2, text: 'x' } })).toEqual({
      status: 403,
      body: { message: "You can only act on your own account's data." },
    });
    expect(await call('POST', '/notes', { user: 1, body: { userId: '1', text: 'x' } })).toEqual({ status: 201, body: { by: 1, text: 'x' } });
  });

  test('an id past the range names nobody: 403, not 400', async () => {
    expect((await call('POST', '/notes', { user: 1, body: { userId: 99999999999, text: 'x' } })).status).toBe(403);
  });

  test('allow runs after the self-check and before the handler; a path id that is not one is the last answer, 404', async () => {
    calls.length = 0;
    expect((await call('PUT', '/notes/abc', { user: 1, body: { userId: 1 } })).status).toBe(400);
    expect((await call('PUT', '/notes/abc', { user: 1, body: { userId: 3, text: 'x' } })).status).toBe(403);
    expect(calls).toEqual([]);
    expect(await call('PUT', '/notes/abc', { user: 2, body: { userId: 2, text: 'x' } })).toEqual({ status: 403, body: { message: 'Readers cannot edit notes.' } });
    expect(await call('PUT', '/notes/abc', { user: 1, body: { userId: 1, text: 'x' } })).toEqual({ status: 404, body: { message: 'No such note' } });
    expect(await call('PUT', '/notes/1', { user: 1, body: { userId: 1, text: 'x' } })).toEqual({ status: 200, body: { id: 1 } });
    expect(calls).toEqual(['allow', 'allow', 'allow']);
  });
});
