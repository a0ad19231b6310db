// The build's chunk graph (dist/.vite/manifest.json, from the build the global setup made): the
// chunk groups of vite.config.ts must not make two chunks import each other (the browser would run
// one's code before the other's exports exist: a page that throws), nor put the device's store
// (Dexie and the outbox) into a page's first download.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryKey as entryOf, readBuildManifest } from './support/build-manifest';

const manifest = readBuildManifest();
const importsOf = (key: string) => manifest[key]?.imports ?? [];

/** Every chunk `key` loads before it runs (its static imports, all the way down). */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of importsOf(key)) staticClosure(imported, into);
  return into;
}

/** The static import cycles between chunks, each as a path that comes back to its start. */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, trail: string[]) => {
    if (state.get(key) === 'open') found.push([...trail.slice(trail.indexOf(key)), key]);
    if (state.has(key)) return;
    state.set(key, 'open');
    for (const imported of importsOf(key)) visit(imported, [...trail, key]);
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) visit(key, []);
  return found;
}

describe('the built chunks', () => {
  it('never import each other in a circle', () => {
    expect(cycles().map((cycle) => cycle.map((key) => manifest[key]?.file ?? key).join(' → '))).toEqual([]);
  });

  it('keep the device store in one chunk of its own, which no page loads before it shows', () => {
    const storeChunks = Object.keys(manifest).filter((key) => manifest[key]!.file.includes('/device-store-'));
    expect(storeChunks).toHaveLength(1);
    // Which modules each chunk holds, from its source map (each read once).
    const sourcesOf = new Map(
      Object.values(manifest)
        .filter((chunk) => chunk.file.endsWith('.js') && fs.existsSync(path.resolve('dist', `${chunk.file}.map`)))
        .map((chunk) => [chunk.file, sourcesIn(chunk.file)] as const),
    );
    const holding = (source: RegExp) => [...sourcesOf].filter(([, sources]) => sources.some((s) => source.test(s))).map(([file]) => file);
    const store = manifest[storeChunks[0]!]!.file;
    expect(holding(/node_modules\/dexie\/dist\//)).toEqual([store]);
    expect(holding(/pwa\/offline\/outbox\.ts$/)).toEqual([store]);

    const routes = Object.keys(manifest).filter((key) => /(^|\/)app\/routes\/[^/]+\.tsx$/.test(key));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const firstDownload = staticClosure(route, bootChunks());
      expect([...firstDownload].filter((key) => storeChunks.includes(key)), route).toEqual([]);
    }
  });

  it("evaluate the app's core after React, from files index.html preloads", () => {
    const entry = entryKey();
    // The entry (main.tsx, React) imports the core at once but dynamically: a task of its own.
    const core = manifest[entry]!.dynamicImports ?? [];
    expect(core).toHaveLength(1);
    expect(sourcesIn(manifest[core[0]!]!.file)).toContain('../../pwa/app/app.tsx');
    expect([...staticClosure(entry)]).not.toContain(core[0]);
    // Every file the core needs is in the HTML's preloads (no round trip after the entry has run),
    // and in few files: the core's own modules are one chunk, not one per module it shares.
    const html = fs.readFileSync(path.resolve('dist/index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    const boot = [...bootChunks()].filter((key) => key !== entry).map((key) => manifest[key]!.file);
    expect(preloaded.toSorted()).toEqual(boot.toSorted());
    expect(boot.length).toBeLessThanOrEqual(10);
  });
});

/** The modules a built file holds, from its source map. */
function sourcesIn(file: string): string[] {
  return (JSON.parse(fs.readFileSync(path.resolve('dist', `${file}.map`), 'utf8')) as { sources: string[] }).sources;
}

const entryKey = () => entryOf(manifest);

/** What every start loads: the entry, the app's core it imports at once, and their static imports. */
function bootChunks(): Set<string> {
  const entry = entryKey();
  const boot = staticClosure(entry);
  for (const key of manifest[entry]!.dynamicImports ?? []) staticClosure(key, boot);
  return boot;
}
