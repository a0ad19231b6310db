// A server of a test file's own, for journeys that must not share the global one: the offline
// journeys deploy a new build under a running tab (so they serve a copy of dist/ that only they
// change), and delete content other files expect. Same settings as global-setup.ts.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config.js';
import { startServer, type RunningServer } from '../../api/server.js';

export interface OwnServer {
  url: string;
  running: RunningServer;
  /** The folder the server serves the PWA from (a copy of dist/: change it freely). */
  distDir: string;
  close: () => Promise<void>;
}

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache manifest injected into a build's sw.js, or null when there is none to read. */
export function precacheManifest(distDir: string): PrecacheEntry[] | null {
  const sw = path.join(distDir, 'sw.js');
  if (!fs.existsSync(sw)) return null;
  const match = /\[\{"revision":[^\]]*\]/.exec(fs.readFileSync(sw, 'utf8'));
  if (!match) return null;
  try {
    return JSON.parse(match[0]) as PrecacheEntry[];
  } catch {
    return null;
  }
}

/**
 * Why `distDir` is not one whole build, or null when it is: every file its service worker
 * precaches is there, and index.html is the one it expects (md5 = its revision). A copy taken
 * while another process rebuilds dist/ fails this (the worker would never install). Other
 * revisions are not checked: vite-plugin-pwa gives manifest.webmanifest one computed before the
 * icons are added to it.
 */
export function buildProblem(distDir: string): string | null {
  const manifest = precacheManifest(distDir);
  if (!manifest?.length) return 'no sw.js with a precache list';
  for (const entry of manifest) {
    const file = path.join(distDir, entry.url);
    if (!fs.existsSync(file)) return `${entry.url} is missing`;
    if (entry.url === 'index.html' && entry.revision !== null && crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex') !== entry.revision) {
      return 'index.html is not the one sw.js precaches';
    }
  }
  return null;
}

/** `vite build` into `outDir` (emptied first); `buildId` becomes the app's __BUILD_ID__. */
export function buildInto(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
      // Not the NODE_ENV=test of vitest: that would make a development build without a service worker.
      env: { ...process.env, NODE_ENV: 'production', BUILD_ID: buildId },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build into ${outDir} failed (exit ${code})`))));
  });
}

/**
 * A private copy of the repo's dist/ (what `npm test` and the global setup built). When dist/ is
 * missing or caught half-rebuilt by someone else, the copy is built from the sources instead.
 */
export async function copyOfDist(target: string): Promise<void> {
  const source = path.resolve('dist');
  let problem: string | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    fs.rmSync(target, { recursive: true, force: true });
    problem = buildProblem(source);
    if (problem) break;
    fs.cpSync(source, target, { recursive: true });
    problem = buildProblem(target);
    if (!problem) return;
  }
  console.log(`[e2e] dist/ is not one whole build (${problem}): building a private copy`);
  await buildInto(target, `e2e-${Date.now().toString(36)}`);
  problem = buildProblem(target);
  if (problem) throw new Error(`the build in ${target} is incomplete: ${problem}`);
}

/** Starts the real server on 127.0.0.1 over a fresh seeded SQLite file, serving a copy of dist/. */
export async function startOwnServer(): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-e2e-own-'));
  const distDir = path.join(dir, 'dist');
  await copyOfDist(distDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
    EDITOR_USERNAMES: 'editor',
    LOG_REQUESTS: 'false',
    AUTH_RATE_LIMIT: '1000',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    DIST_DIR: distDir,
  });
  const running = await startServer(config);
  return {
    url: running.url,
    running,
    distDir,
    close: async () => {
      await running.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
