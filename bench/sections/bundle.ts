// PWA bundle size: gzipped JavaScript in dist/ (after `npm run build`). Skipped when there is no
// build. The total of dist/assets/*.js, and the JS that index.html loads before anything else
// (module scripts and modulepreload links): what a first visit downloads.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext, BenchSection } from '../lib/context';
import { kb, table } from '../lib/format';
import { entryKey as entryOf, manifestPath, readBuildManifest } from '#e2e/support/build-manifest';

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
  perRoute(ctx, distDir);
}

/** The budget (docs/decisions/005): the first load of any route fetches at most this much gzipped JavaScript. */
const ROUTE_BUDGET_BYTES = 150 * 1024;

/**
 * First-load JavaScript per route, from Vite's build manifest: the entry with its static imports
 * and the app's core it imports at once (what index.html loads and preloads) plus the route module's chunk with its static imports
 * (what the router's lazy() fetches before the page shows), each file counted once.
 */
function perRoute(ctx: BenchContext, distDir: string): void {
  if (!fs.existsSync(manifestPath(distDir))) {
    console.log('  no dist/.vite/manifest.json (build.manifest): per-route sizes skipped');
    return;
  }
  const manifest = readBuildManifest(distDir);
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
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
  const rows: string[][] = [];
  let worst = 0;
  for (const key of routeKeys) {
    const files = new Set(entryFiles);
    closure(key, files);
    const total = [...files].filter((f) => f.endsWith('.js')).reduce((a, f) => a + gzOf(f), 0);
    worst = Math.max(worst, total);
    const route = path.basename(key, '.tsx');
    const all = new Set<string>();
    for (const boot of bootKeys) withDeferred(boot, all, key);
    withDeferred(key, all, key);
    const complete = [...all].filter((f) => f.endsWith('.js')).reduce((a, f) => a + gzOf(f), 0);
    rows.push([route, String([...files].filter((f) => f.endsWith('.js')).length), kb(total), total <= ROUTE_BUDGET_BYTES ? 'within 150 KB' : 'OVER 150 KB', kb(complete)]);
  }
  console.log('\n  First load of each route (entry + route chunk + their static imports, gzipped JS), and everything');
  console.log('  the page has loaded once its lazy parts (study tools, Markdown renderer, Dexie, sync) are in:');
  console.log(table(['route module', 'files', 'first load', 'budget', 'with lazy parts'], rows));
  ctx.summary.push({ section: 'bundle', label: 'largest first-load JS of a route, gzipped (budget 150 KB)', value: kb(worst) });
}

export const bundle: BenchSection = { name: 'bundle', title: 'PWA bundle size (dist/)', run };
