// PWA bundle size: gzipped JavaScript in dist/ (after `npm run build`). Skipped when there is no
// build. The total of dist/assets/*.js, and the JS that index.html loads before anything else
// (module scripts and modulepreload links): what a first visit downloads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { BenchContext, BenchSection } from '../lib/context';
import { kb, table } from '../lib/format';
import { type BuildManifest, entryKey as entryOf, manifestPath, readBuildManifest } from '#e2e/support/build-manifest';

const gz = (file: string) => gzipSync(fs.readFileSync(file)).length;

/** The local JS files index.html references by <script src> or <link rel="modulepreload" href>. */
export function entryScripts(distDir: string, html: string): string[] {
  const refs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload["']?/i.test(tag)) continue;
    const ref = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (!ref || /^(https?:)?\/\//i.test(ref) || !ref.split('?')[0]!.endsWith('.js')) continue;
    refs.add(path.join(distDir, ref.split('?')[0]!.replace(/^\.?\//, '')));
  }
  return [...refs];
}

async function run(ctx: BenchContext): Promise<void> {
  const distDir = path.resolve('dist');
  const assets = path.join(distDir, 'assets');
  if (!fs.existsSync(distDir)) {
    console.log('  dist/ not found: run `npm run build` first; skipped');
    return;
  }
  const js = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => path.join(assets, f)) : [];
  const allRaw = js.reduce((a, f) => a + fs.statSync(f).size, 0);
  const allGz = js.reduce((a, f) => a + gz(f), 0);
  const rows = [[`dist/assets/*.js (${js.length} files)`, kb(allRaw), kb(allGz)]];
  const index = path.join(distDir, 'index.html');
  if (fs.existsSync(index)) {
    const entry = entryScripts(distDir, fs.readFileSync(index, 'utf8'));
    const present = entry.filter((f) => fs.existsSync(f));
    const missing = entry.length - present.length;
    const entryRaw = present.reduce((a, f) => a + fs.statSync(f).size, 0);
    const entryGz = present.reduce((a, f) => a + gz(f), 0);
    rows.push([`loaded by index.html (${present.length} files${missing ? `, ${missing} missing` : ''})`, kb(entryRaw), kb(entryGz)]);
    ctx.summary.push({ section: 'bundle', label: 'JS loaded by index.html, gzipped', value: kb(entryGz) });
  }
  ctx.summary.push({ section: 'bundle', label: 'all dist/assets/*.js, gzipped', value: kb(allGz) });
  console.log(table(['JavaScript', 'raw', 'gzip'], rows));
  const floor = await stackFloor();
  perRoute(ctx, distDir, floor);
  const declarative = await stackFloor('declarative.html');
  if (declarative !== null) {
    console.log(`  diagnostic: the same floor with React Router's declarative mode instead of its data router: ${kb(declarative)}`);
    console.log('  (the server renders with the data router, docs/decisions/007, so the app hydrates with it)');
  }
}

/**
 * The baseline under every route's first load, built in the same run: the smallest page the
 * project's stack can hydrate (bench/stack-floor/main.tsx: React's client, React Router's data
 * router, TanStack Query, nothing of the app's), built by the same Vite with React's plugin, and
 * measured as routes are (its entry with its static imports, gzipped). Null, with why, when it
 * cannot be built.
 */
async function stackFloor(page = 'index.html'): Promise<number | null> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-stack-floor-'));
  try {
    await build({
      configFile: false,
      root: path.resolve('bench/stack-floor'),
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, manifest: true, rolldownOptions: { input: path.resolve('bench/stack-floor', page) } },
    });
    const manifest = readBuildManifest(outDir);
    const files = new Set<string>();
    withStaticImports(manifest, Object.keys(manifest).find((key) => manifest[key]!.isEntry)!, files);
    return [...files].filter((f) => f.endsWith('.js')).reduce((a, f) => a + gz(path.join(outDir, f)), 0);
  } catch (error) {
    console.log(`  the stack's floor (bench/stack-floor) could not be built: ${(error as Error).message.split('\n')[0]}`);
    return null;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The budgets (docs/decisions/005-what-loads-first.md): the first load of a reader's route fetches
 * at most 100 KB of gzipped JavaScript; the editor's desk, opened by few and on a desk, 150 KB.
 */
const READER_BUDGET_BYTES = 100 * 1024;
const DESK_BUDGET_BYTES = 150 * 1024;
/** The routes the desk's budget applies to (their route module's name). */
const DESK_ROUTES = new Set(['blog-admin']);

/** Which budget a route has, and its name in the table. */
export function budgetOf(route: string): { bytes: number; name: string } {
  return DESK_ROUTES.has(route) ? { bytes: DESK_BUDGET_BYTES, name: 'desk' } : { bytes: READER_BUDGET_BYTES, name: 'reader' };
}

interface RouteLoad {
  files: number;
  /** Gzipped bytes of JS before the page shows. */
  firstLoad: number;
  /** Gzipped bytes once its lazy parts are in. */
  complete: number;
}

/** Adds the file of the manifest's chunk `key` to `into`, with the files of everything it imports statically. */
function withStaticImports(manifest: BuildManifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
}

/**
 * First-load JavaScript per route, from Vite's build manifest: the entry with its static imports
 * and the app's core it imports at once (what index.html loads and preloads) plus the route module's chunk with its static imports
 * (what the router's lazy() fetches before the page shows), each file counted once. Null without a manifest.
 */
export function routeLoads(distDir: string): Map<string, RouteLoad> | null {
  if (!fs.existsSync(manifestPath(distDir))) return null;
  const manifest = readBuildManifest(distDir);
  const closure = (key: string, into: Set<string>) => withStaticImports(manifest, key, into);
  const entryKey = entryOf(manifest);
  // The entry's own dynamic imports are the app's core, which main.tsx evaluates in a task of its
  // own: part of every start, and preloaded with the entry (vite.config.ts, preloadBootChunks).
  const bootKeys = [entryKey, ...(manifest[entryKey]!.dynamicImports ?? [])];
  const entryFiles = new Set<string>();
  for (const key of bootKeys) closure(key, entryFiles);
  const sizeCache = new Map<string, number>();
  const gzOf = (file: string) => {
    if (!sizeCache.has(file)) sizeCache.set(file, gz(path.join(distDir, file)));
    return sizeCache.get(file)!;
  };
  const jsBytes = (files: Iterable<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((a, f) => a + gzOf(f), 0);
  const isRoute = (key: string) => /(^|\/)app\/routes\/[^/]+\.tsx$/.test(key);
  const routeKeys = Object.keys(manifest).filter(isRoute).sort();
  // What each route's chunk loads statically: the router's loaders also import some of it ahead of
  // the route (route-prefetch.ts), which another route's page never loads.
  const staticOf = new Map<string, Set<string>>();
  for (const key of routeKeys) {
    const files = new Set<string>();
    closure(key, files);
    staticOf.set(key, files);
  }
  /** Everything a page ends up loading once it has rendered: lazy pieces too, other routes' code not. */
  const withDeferred = (key: string, into: Set<string>, route: string) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) withDeferred(imported, into, route);
    for (const imported of chunk.dynamicImports ?? []) {
      const file = manifest[imported]?.file;
      const otherRoutes = file !== undefined && !staticOf.get(route)!.has(file) && routeKeys.some((k) => k !== route && staticOf.get(k)!.has(file));
      if (!isRoute(imported) && !otherRoutes) withDeferred(imported, into, route);
    }
  };
  const loads = new Map<string, RouteLoad>();
  for (const key of routeKeys) {
    const files = new Set(entryFiles);
    closure(key, files);
    const all = new Set<string>();
    for (const boot of bootKeys) withDeferred(boot, all, key);
    withDeferred(key, all, key);
    loads.set(path.basename(key, '.tsx'), { files: [...files].filter((f) => f.endsWith('.js')).length, firstLoad: jsBytes(files), complete: jsBytes(all) });
  }
  return loads;
}

/**
 * The commit the first loads are compared with: the app before the editor's desk, whose code
 * readers must never load (docs/decisions/005). BENCH_BUNDLE_BEFORE=<git ref> compares with another.
 */
const BEFORE_REF = process.env.BENCH_BUNDLE_BEFORE ?? 'f15963c';

/**
 * `ref` built as it was, in a git worktree of its own under the system's temp folder (kept: a
 * commit's build never changes, so the next run reuses it), with this checkout's node_modules.
 * Its dist/ folder, or null (with why) when it cannot be built here.
 */
function buildOf(ref: string): string | null {
  const git = (args: string[], cwd = process.cwd()) => spawnSync('git', args, { cwd, encoding: 'utf8' });
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]).stdout.trim();
  if (!sha) {
    console.log(`  ${ref}: no such commit here; the comparison is skipped`);
    return null;
  }
  const dir = path.join(os.tmpdir(), `cik-bundle-${sha.slice(0, 12)}`);
  const dist = path.join(dir, 'dist');
  if (fs.existsSync(manifestPath(dist))) return dist;
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    git(['worktree', 'prune']);
    const added = git(['worktree', 'add', '--detach', dir, sha]);
    if (added.status !== 0) {
      console.log(`  could not check out ${ref}: ${added.stderr.trim()}`);
      return null;
    }
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  console.log(`  building ${ref} (${sha.slice(0, 7)}) in ${dir} to compare with…`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--outDir', dist], { cwd: dir, encoding: 'utf8' });
  if (built.status !== 0 || !fs.existsSync(manifestPath(dist))) {
    console.log(`  the build of ${ref} failed; the comparison is skipped\n${(built.stderr || built.stdout).split('\n').slice(-5).join('\n')}`);
    return null;
  }
  return dist;
}

function perRoute(ctx: BenchContext, distDir: string, floor: number | null): void {
  const after = routeLoads(distDir);
  if (!after) {
    console.log('  no dist/.vite/manifest.json (build.manifest): per-route sizes skipped');
    return;
  }
  const beforeDist = buildOf(BEFORE_REF);
  const before = beforeDist ? routeLoads(beforeDist) : null;
  const rows: string[][] = [];
  const worst = { reader: 0, desk: 0 };
  let over = 0;
  let grew = 0;
  for (const [route, load] of after) {
    const budget = budgetOf(route);
    if (budget.name === 'desk') worst.desk = Math.max(worst.desk, load.firstLoad);
    else worst.reader = Math.max(worst.reader, load.firstLoad);
    if (load.firstLoad > budget.bytes) over += 1;
    const was = before?.get(route);
    const change = was ? load.firstLoad - was.firstLoad : null;
    if (change !== null && change > 0) grew += 1;
    rows.push([
      route,
      String(load.files),
      was ? kb(was.firstLoad) : '(new)',
      kb(load.firstLoad),
      floor === null ? '' : kb(load.firstLoad - floor),
      change === null ? '' : `${change > 0 ? '+' : ''}${change} B`,
      `${load.firstLoad <= budget.bytes ? 'within' : 'OVER'} ${budget.bytes / 1024} KB (${budget.name})`,
      kb(load.complete),
    ]);
  }
  console.log(`\n  First load of each route (entry + route chunk + their static imports, gzipped JS), before (${BEFORE_REF}) and now, and`);
  console.log('  everything the page has loaded once its lazy parts (study tools, Markdown renderer, Dexie, sync) are in:');
  console.log(table(['route module', 'files', `before (${BEFORE_REF})`, 'now', 'above the floor', 'change', 'budget', 'with lazy parts'], rows));
  if (floor !== null) {
    console.log(`  the floor: ${kb(floor)}, the smallest page this stack hydrates (bench/stack-floor: React, React Router's data router,`);
    console.log(
      floor > READER_BUDGET_BYTES
        ? `  TanStack Query), built in this run: ${kb(floor - READER_BUDGET_BYTES)} over a reader's ${READER_BUDGET_BYTES / 1024} KB budget before any of the app's own code`
        : `  TanStack Query), built in this run: ${kb(READER_BUDGET_BYTES - floor)} of a reader's ${READER_BUDGET_BYTES / 1024} KB budget is left for the app's own code`,
    );
    ctx.summary.push({ section: 'bundle', label: "the stack's floor: the smallest page React, the data router and TanStack Query hydrate, gzipped", value: kb(floor), verdict: floor <= READER_BUDGET_BYTES ? 'within the reader budget' : 'over the reader budget alone' });
  }
  console.log(`  budgets: ${READER_BUDGET_BYTES / 1024} KB for a reader's route, ${DESK_BUDGET_BYTES / 1024} KB for the editor's desk (${[...DESK_ROUTES].join(', ')}); ${over} route(s) over`);
  ctx.summary.push({ section: 'bundle', label: `largest first-load JS of a reader's route, gzipped (budget ${READER_BUDGET_BYTES / 1024} KB)`, value: kb(worst.reader), verdict: worst.reader <= READER_BUDGET_BYTES ? 'within budget' : 'over budget' });
  ctx.summary.push({ section: 'bundle', label: `first-load JS of the editor's desk, gzipped (budget ${DESK_BUDGET_BYTES / 1024} KB)`, value: kb(worst.desk), verdict: worst.desk <= DESK_BUDGET_BYTES ? 'within budget' : 'over budget' });
  if (before) ctx.summary.push({ section: 'bundle', label: `routes whose first load grew since ${BEFORE_REF}`, value: String(grew) });
}

export const bundle: BenchSection = { name: 'bundle', title: 'PWA bundle size (dist/)', run };
