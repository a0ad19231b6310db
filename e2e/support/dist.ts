// The built PWA (dist/) as the offline journeys and the bench need it: one whole production build
// in a folder of their own, so a rebuild of the repo's dist/ by someone else cannot land under them.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface PrecacheEntry {
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
  if (!fs.existsSync(path.join(distDir, '.server', 'entry-server.js'))) return 'no server renderer (.server/entry-server.js)';
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--logLevel', 'error', '--outDir', outDir], {
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
  console.log(`dist/ is not one whole build (${problem}): building a private copy`);
  await buildInto(target, `e2e-${Date.now().toString(36)}`);
  problem = buildProblem(target);
  if (problem) throw new Error(`the build in ${target} is incomplete: ${problem}`);
}
