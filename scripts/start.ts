// `npm start`: reads .env when present, builds the PWA when dist/ is missing or older than
// its sources, migrates, seeds an empty database, and serves everything on one port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../api/config.js';
import { closeOnSignals, startServer } from '../api/server.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const index = path.join(config.distDir, 'index.html');
const hasSources = fs.existsSync('pwa/index.html');
if (hasSources && process.env.SKIP_BUILD !== '1') {
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime('pwa'), newestMtime('contract'), fs.existsSync('vite.config.ts') ? fs.statSync('vite.config.ts').mtimeMs : 0);
  if (sources > built) {
    console.log('[start] building the PWA (vite build)…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const running = await startServer(config);
closeOnSignals(running);
console.log(`[start] context is key is running at ${running.url.replace('127.0.0.1', 'localhost')} (${config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.filename}`})`);
