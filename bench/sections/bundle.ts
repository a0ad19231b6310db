// PWA bundle size: gzipped JavaScript in dist/ (after `npm run build`). Skipped when there is no
// build. The total of dist/assets/*.js, and the JS that index.html loads before anything else
// (module scripts and modulepreload links): what a first visit downloads.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext, BenchSection } from '../lib/context.js';
import { kb, table } from '../lib/format.js';

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
}

export const bundle: BenchSection = { name: 'bundle', title: 'PWA bundle size (dist/)', run };
