// Global setup of the 'e2e' vitest project: builds the PWA when dist/ is missing or older than
// its sources (scripts/test.ts builds first, so usually nothing to do), then starts the real
// server on 127.0.0.1 and a random port over a fresh SQLite file with the sample content, and
// provides its URL to the tests as inject('baseURL').
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { addEditorAccount, e2eServerConfig } from './own-server';
import { startServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfStale(): void {
  // Both builds: the app's index.html and the server renderer made after it.
  const outputs = [path.resolve('dist/index.html'), path.resolve('dist/.server/entry-server.js')];
  const built = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const sources = Math.max(newestMtime('pwa'), newestMtime('contract'), newestMtime('vite.config.ts'));
  if (built >= sources) return;
  console.log('[e2e] dist/ is missing or older than pwa/: building (vite build)…');
  // vitest sets NODE_ENV=test, and a build that inherits it is a development build: React's
  // debug bundle, and import.meta.env.DEV true, so the service worker is never registered.
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

export default async function setup(project: TestProject) {
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-e2e-'));
  const running = await startServer(e2eServerConfig(dir, path.resolve('dist')), { seed: seedIfEmpty });
  await addEditorAccount(running.db);
  project.provide('baseURL', running.url);
  return async () => {
    await running.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
