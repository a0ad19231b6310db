// Live Q&A (docs/product.md#live-qa, docs/decisions/012): the Live Q&A page updates itself. A visitor and an editor each have
// /live-qa open; what one does shows on the other's screen without a reload: a new question, a
// highlight, an answer, the viewer count. With TEST_DATABASE_URL (PostgreSQL) the two pages talk
// to two API servers on one PostgreSQL database (each with its own LISTEN connection, as two
// processes would); without it both use the suite's one server on SQLite, and the fan-out between
// processes is left to tests/api/live-events-multi-process.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer, type RunningServer } from '#api/server';
import { PASSWORD, visit, visitAndDismissAuth } from './support/app';
import { screenshot, useBrowser } from './support/browser';
import { addEditorAccount, e2eServerConfig } from './support/own-server';
import { seedIfEmpty } from '#seeds/index';

const adminUrl = process.env.TEST_DATABASE_URL;
let servers: RunningServer[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
let dir = '';
let visitorURL = '';
let editorURL = '';

beforeAll(async () => {
  if (!adminUrl) {
    visitorURL = editorURL = inject('baseURL');
    return;
  }
  const name = `cik_e2e_live_${crypto.randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE ${name}`);
  dropDatabase = async () => {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-e2e-live-'));
  const config = { ...e2eServerConfig(dir, path.resolve('dist')), database: { client: 'pg' as const, connectionString: url.toString() } };
  // One after the other: the first migrates and seeds.
  servers.push(await startServer(config, { seed: seedIfEmpty }));
  servers.push(await startServer(config));
  await addEditorAccount(servers[0]!.db);
  visitorURL = servers[0]!.url;
  editorURL = servers[1]!.url;
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  await dropDatabase?.();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const browser = useBrowser(() => visitorURL);

const questionItem = (page: Page, text: string): Locator => page.getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });
const viewers = (page: Page): Locator => page.getByText(/^[\d,]+ viewers?$/);

/** Signs in as the journeys' editor (addEditorAccount) from the page and opens `path` on `origin`. */
async function asEditor(page: Page, origin: string, path: string): Promise<void> {
  await visit(page, `${origin}/`);
  await page.evaluate(async (password) => {
    const answer = await fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'editor', password }) });
    if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
    localStorage.setItem('user', JSON.stringify(await answer.json()));
  }, PASSWORD);
  await visit(page, `${origin}${path}`);
}

describe(`/live-qa updates itself (${adminUrl ? 'two API servers on one PostgreSQL' : 'one server on SQLite'})`, () => {
  test('a question asked on one page appears on another open page, and the editor’s highlight and answer show on the first, all without a reload', async () => {
    const visitor = await browser.newPage();
    const editorContext = await browser.newContext();
    const editor = await editorContext.newPage();

    await visitAndDismissAuth(visitor, `${visitorURL}/live-qa`);
    await asEditor(editor, editorURL, '/live-qa');
    for (const page of [visitor, editor]) await page.getByText('LIVE', { exact: true }).waitFor();
    // Nothing below may reload either page: this mark would be gone.
    for (const page of [visitor, editor]) await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // Two pages watch the stream (one per server): both count them.
    for (const page of [visitor, editor]) await page.getByText('2 viewers', { exact: true }).waitFor({ timeout: 10_000 });

    const text = `Does this reach the other page? ${Date.now()}`;
    await visitor.getByLabel('Your name').fill('Ruth');
    await visitor.getByLabel('Your question').fill(text);
    await visitor.getByRole('button', { name: 'Submit Question' }).click();
    const onEditor = questionItem(editor, text);
    await onEditor.waitFor({ timeout: 5_000 });
    expect(await onEditor.textContent()).toContain('Ruth');

    await onEditor.getByRole('button', { name: 'Highlight' }).click();
    const onVisitor = questionItem(visitor, text);
    await onVisitor.getByText('Highlighted', { exact: true }).waitFor({ timeout: 5_000 });
    // Highlighted questions lead the list.
    expect(await visitor.getByRole('region', { name: /^Questions/ }).getByRole('listitem').first().textContent()).toContain(text);
    await onEditor.getByRole('button', { name: 'Mark answered' }).click();
    await onVisitor.getByText('Answered', { exact: true }).waitFor({ timeout: 5_000 });
    await onEditor.getByRole('button', { name: 'Unhighlight' }).waitFor();
    // A reader has no moderation buttons.
    expect(await onVisitor.getByRole('button', { name: /Highlight|Mark answered/ }).count()).toBe(0);
    await screenshot(visitor, 'live-qa-live', ['desktop']);
    await onEditor.scrollIntoViewIfNeeded();
    await screenshot(editor, 'live-qa-editor', ['desktop']);

    // The visitor loses the connection: the stream closes, and what happened meanwhile shows once it is back.
    await browser.context().setOffline(true);
    await viewers(editor).filter({ hasText: /^1 viewer$/ }).waitFor({ timeout: 10_000 });
    const whileAway = `Asked while the visitor was offline ${Date.now()}`;
    await editor.getByLabel('Your question').fill(whileAway);
    await editor.getByRole('button', { name: 'Submit Question' }).click();
    await questionItem(editor, whileAway).waitFor();
    await browser.context().setOffline(false);
    await questionItem(visitor, whileAway).waitFor({ timeout: 10_000 });
    await visitor.getByText('2 viewers', { exact: true }).waitFor({ timeout: 10_000 });

    for (const page of [visitor, editor]) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await editorContext.close();
  });
});
