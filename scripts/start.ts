// `npm start`: reads .env when present, builds the PWA when dist/ is missing or older than
// its sources (unless SKIP_BUILD=1), migrates, seeds an empty database, and serves everything on
// one port. With WEB_CONCURRENCY=N above 1, this process does all of that once and then forks N
// worker processes that share the port (api/cluster.ts); workers never build or migrate.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { runClusterPrimary } from '#api/cluster';
import { loadConfig } from '#api/config';
import { closeOnSignals, startServer } from '#api/server';
import { seedIfEmpty } from '#seeds/index';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const where = config.database.client === 'pg' ? 'PostgreSQL' : `SQLite ${config.database.filename}`;

if (cluster.isWorker) {
  // The primary migrated and seeded before forking; a worker only serves.
  closeOnSignals(await startServer(config, { prepare: false }));
} else {
  buildIfNeeded();
  if (config.webConcurrency > 1) {
    await runClusterPrimary(
      config,
      (url) => {
        console.log(`[start] context is key is running at ${url.replace('127.0.0.1', 'localhost')} (${config.webConcurrency} worker processes, ${where})`);
      },
      seedIfEmpty,
    );
  } else {
    // A fresh database gets the sample content; the API itself seeds nothing.
    const running = await startServer(config, { seed: seedIfEmpty });
    closeOnSignals(running);
    console.log(`[start] context is key is running at ${running.url.replace('127.0.0.1', 'localhost')} (${where})`);
  }
}

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(): void {
  const hasSources = fs.existsSync('pwa/index.html');
  if (!hasSources || process.env.SKIP_BUILD === '1') return;
  // Both builds: the app's index.html and the server renderer made after it.
  const outputs = [path.join(config.distDir, 'index.html'), path.join(config.distDir, '.server', 'entry-server.js')];
  const built = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
  const sources = Math.max(newestMtime('pwa'), newestMtime('contract'), fs.existsSync('vite.config.ts') ? fs.statSync('vite.config.ts').mtimeMs : 0);
  if (sources > built) {
    console.log('[start] building the PWA and its server renderer (npm run build)…');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
