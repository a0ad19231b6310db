// The app's core as one chunk of the client build (vite.config.ts). main.tsx imports pwa/app/app.tsx
// dynamically, so React and the app's own modules are evaluated in two tasks instead of one. A
// dynamic entry does not keep the modules it shares with the pages' chunks, as the entry chunk did:
// left to automatic chunking they became ten small chunks (ten more requests on a first visit, and
// ~1.5 kB more gzip for a page's first load, over the 150 kB budget). This names them one chunk.
import path from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** `import { Menu, X as Close } from "lucide-react"` in a module's code (after its transform). */
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
/** `export { default as Menu, default as MenuIcon, … } from './icons/menu.mjs'` in lucide's index. */
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g;

/** The icon names a module imports from lucide-react's index. */
export function lucideImports(code: string): string[] {
  const names: string[] = [];
  for (const [, list] of code.matchAll(LUCIDE_IMPORT)) {
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && name !== 'type' && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Each icon's module in lucide-react's index (`indexId`), by every name it is exported as. */
export function lucideIcons(indexId: string, indexCode: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const [, list, file] of indexCode.matchAll(LUCIDE_EXPORT)) {
    const id = path.resolve(path.dirname(indexId), file!);
    for (const item of list!.split(',')) {
      const alias = item.trim().split(/\s+as\s+/)[1]?.trim();
      if (alias) icons.set(alias, id);
    }
  }
  return icons;
}

const isLucideIndex = (id: string) => /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id);

/**
 * A `name` for a codeSplitting group: 'app' for every module `app` brings with it (its static
 * imports, all the way down) that `entry` does not import itself, `app` excepted. lucide-react's index re-exports
 * every icon: through it, each icon used anywhere in the app would count as the core's, so a module
 * that imports from it brings only the icons it names.
 */
export function appCoreChunk(entry: string, app: string): Rolldown.CodeSplittingNameFunction {
  let core: Set<string> | null = null;
  let icons: Map<string, string> | null = null;
  const iconsOf = (ctx: ChunkingContext, indexId: string) => (icons ??= lucideIcons(indexId, ctx.getModuleInfo(indexId)?.code ?? ''));
  const reach = (ctx: ChunkingContext, from: string, into = new Set<string>()): Set<string> => {
    if (into.has(from)) return into;
    into.add(from);
    const info = ctx.getModuleInfo(from);
    for (const imported of info?.importedIds ?? []) {
      if (!isLucideIndex(imported)) {
        reach(ctx, imported, into);
        continue;
      }
      for (const name of lucideImports(info?.code ?? '')) {
        const icon = iconsOf(ctx, imported).get(name);
        if (icon) reach(ctx, icon, into);
      }
    }
    return into;
  };
  return (id, ctx) => {
    if (!core) {
      const ofEntry = reach(ctx, entry);
      // `app` itself stays the dynamic import's own chunk: its exports keep their names there, which
      // a retry under another address (pwa/lib/retryable-import.ts) needs. A module of a group is
      // reached through a renamed export of the group's chunk.
      core = new Set([...reach(ctx, app)].filter((module) => module !== app && !ofEntry.has(module) && !isLucideIndex(module)));
    }
    return core.has(id) ? 'app' : null;
  };
}
