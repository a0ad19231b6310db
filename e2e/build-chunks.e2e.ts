// The build's chunk graph (dist/.vite/manifest.json, from the build the global setup made): the
// chunk groups of vite.config.ts must not make two chunks import each other (the browser would run
// one's code before the other's exports exist: a page that throws), nor put the device's store
// (Dexie and the outbox) into a page's first download.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const manifest = JSON.parse(fs.readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
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
        .map((chunk) => [chunk.file, (JSON.parse(fs.readFileSync(path.resolve('dist', `${chunk.file}.map`), 'utf8')) as { sources: string[] }).sources] as const),
    );
    const holding = (source: RegExp) => [...sourcesOf].filter(([, sources]) => sources.some((s) => source.test(s))).map(([file]) => file);
    const store = manifest[storeChunks[0]!]!.file;
    expect(holding(/node_modules\/dexie\/dist\//)).toEqual([store]);
    expect(holding(/pwa\/offline\/outbox\.ts$/)).toEqual([store]);

    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
    expect(entry).toBeDefined();
    const routes = Object.keys(manifest).filter((key) => /(^|\/)app\/routes\/[^/]+\.tsx$/.test(key));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const firstDownload = staticClosure(route, staticClosure(entry!));
      expect([...firstDownload].filter((key) => storeChunks.includes(key)), route).toEqual([]);
    }
  });
});
