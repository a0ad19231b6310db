import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

test('signup starts a session that /api/auth/me sees, logout ends it', async () => {
  const c = app.client();
  const user = await signUp(c, 'smoke_user');
  expect(user.username).toBe('smoke_user');
  expect((await c.get('/api/auth/me')).status).toBe(200);
  expect((await c.post('/api/auth/logout')).status).toBe(200);
  expect((await c.get('/api/auth/me')).status).toBe(401);
  const login = await c.post('/api/auth/login', { username: 'SMOKE_USER', password: 'Password1!', remember: false });
  expect(login.status).toBe(200);
  expect(login.headers.getSetCookie().join(';')).not.toMatch(/expires/i);
  expect((await c.get('/api/auth/me')).body.username).toBe('smoke_user');
});
