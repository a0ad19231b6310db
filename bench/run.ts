// `npm run bench`: performance figures of the app. Prints, never fails on a timing (exit 0 unless
// something crashes). Sections run in order, each a module of bench/sections/; adding a figure
// (bundle size, offline start…) is one more module in SECTIONS.
//   npm run bench                       all sections, SQLite temp files
//   npm run bench -- search memory      only those sections
//   npm run bench -- --quick            shorter runs, smaller corpus (to try the harness)
//   DATABASE_URL=postgres://… npm run bench   on PostgreSQL (databases created and dropped there)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchSection } from './lib/context';
import { benchDialect } from './lib/database';
import { closeAgent } from './lib/http';
import { killAllChildren } from './lib/processes';
import { apiThroughput } from './sections/api-throughput';
import { bundle } from './sections/bundle';
import { desk } from './sections/desk';
import { interactions } from './sections/interactions';
import { lighthouseSection } from './sections/lighthouse';
import { mail } from './sections/mail';
import { liveEvents } from './sections/live-events';
import { memory } from './sections/memory';
import { mixedLoad } from './sections/mixed-load';
import { offline } from './sections/offline';
import { sanitize } from './sections/sanitize';
import { saveOffline } from './sections/save-offline';
import { offlineSearch } from './sections/offline-search';
import { scaleOut } from './sections/scale-out';
import { search } from './sections/search';
import { serverRender } from './sections/server-render';
import { shareCards } from './sections/share-cards';
import { signInLimits } from './sections/sign-in-limits';

const SECTIONS: BenchSection[] = [apiThroughput, mixedLoad, scaleOut, serverRender, search, desk, signInLimits, liveEvents, mail, offline, memory, bundle, lighthouseSection, sanitize, offlineSearch, saveOffline, shareCards, interactions];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? SECTIONS.filter((s) => wanted.includes(s.name)) : SECTIONS;

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-bench-'));
const cleanups: (() => Promise<void>)[] = [];
const removeTmp = () => fs.rmSync(tmpDir, { recursive: true, force: true });

// Whatever happens, no server outlives the bench and the temp folder goes.
process.on('exit', () => {
  killAllChildren();
  removeTmp();
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping`);
    killAllChildren();
    void runCleanups().finally(() => process.exit(130));
  });
}

async function runCleanups(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('[bench] clean-up failed:', err instanceof Error ? err.message : err);
    }
  }
}

const { dialect, adminUrl } = benchDialect();
const ctx: BenchContext = {
  tmpDir,
  dialect,
  adminUrl,
  quick,
  peakRss: new Map(),
  summary: [],
  onCleanup: (fn) => cleanups.push(fn),
};

const cpus = os.cpus();
console.log(`bench: node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM`);
console.log(`database: ${dialect === 'pg' ? `PostgreSQL (${new URL(adminUrl!).host}, throwaway databases)` : 'SQLite (temp files)'}${quick ? '; --quick: figures are not comparable' : ''}`);

const load = os.loadavg();
const busy = load[0]! > cpus.length * 0.5;
console.log(`load average before the bench: ${load.map((l) => l.toFixed(2)).join(' ')}${busy ? '  (! other work is running here: figures will be noisy)' : ''}`);

const startedAll = performance.now();
const failed: string[] = [];
for (const section of selected) {
  console.log(`\n== ${section.name}: ${section.title}`);
  const started = performance.now();
  try {
    await section.run(ctx);
  } catch (err) {
    // A crash fails the bench (exit 1), but the other sections still run and print their figures.
    failed.push(section.name);
    console.error(`\n[bench] ${section.name} failed:`, err instanceof Error ? (err.stack ?? err.message) : err);
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
closeAgent();
killAllChildren();
await runCleanups();

if (ctx.summary.length) {
  console.log(`\n== summary (${dialect === 'pg' ? 'PostgreSQL' : 'SQLite'}; load average at start ${load[0]!.toFixed(2)} on ${cpus.length} cores${quick ? '; --quick' : ''})`);
  const width = Math.max(...ctx.summary.map((f) => `${f.section}: ${f.label}`.length));
  for (const f of ctx.summary) console.log(`  ${`${f.section}: ${f.label}`.padEnd(width)}  ${f.value}${f.verdict ? `  [${f.verdict}]` : ''}`);
}
console.log(`\nbench ${failed.length ? `failed (${failed.join(', ')})` : 'done'} in ${((performance.now() - startedAll) / 1000).toFixed(0)} s`);
process.exit(failed.length ? 1 : 0);
