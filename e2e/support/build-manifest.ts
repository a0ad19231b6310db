// A build's manifest (dist/.vite/manifest.json): which chunk holds what, for the tests that name a
// built file or check the chunk graph, and for the bundle bench.
import fs from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest of the build in `distDir` (dist/ by default). */
export function readBuildManifest(distDir = path.resolve('dist')): BuildManifest {
  return JSON.parse(fs.readFileSync(manifestPath(distDir), 'utf8')) as BuildManifest;
}

export const manifestPath = (distDir: string) => path.join(distDir, '.vite', 'manifest.json');

/** The key of index.html's entry (main.tsx). */
export function entryKey(manifest: BuildManifest): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the build manifest has no index.html entry');
  return entry;
}
