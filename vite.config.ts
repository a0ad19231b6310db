import path from 'node:path';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { SITE_DOCUMENT_PATHS } from './contract/documents.js';
import { appCoreChunk } from './scripts/build/app-core-chunk.js';

// The API (Koa) serves /api, uploaded /objects and the feeds, sitemap and robots.txt on one
// origin; in development Vite proxies them so the browser still sees a single origin (cookies,
// same-origin checks) and /feed.xml is the feed, not the app.
const api = 'http://127.0.0.1:3000';
const proxy = { '/api': api, '/objects': api, ...Object.fromEntries(SITE_DOCUMENT_PATHS.map((path) => [path, api])) };

/**
 * Build logs that say nothing about these two bundles, which would bury the ones that do: the
 * service worker bundles TanStack Query's modules, whose "use client" directive means nothing
 * there (MODULE_LEVEL_DIRECTIVE), and the server renderer is one file, so a dynamic import that
 * cannot make a chunk of its own there is expected (INEFFECTIVE_DYNAMIC_IMPORT). The app's own
 * build keeps both: there they would point at a real problem.
 */
const quietOn =
  (...codes: string[]): NonNullable<Rolldown.InputOptions['onLog']> =>
  (level, log, handler) => {
    if (!codes.includes(log.code ?? '')) handler(level, log);
  };

/** Changes with every build: the persisted query cache is dropped when the app's code changes. */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();

/**
 * The offline engine's modules (pwa/offline) do nothing on import: its instances are made
 * `@__PURE__`. Said to the bundler, a page that imports a light name from '#pwa/offline' (the
 * registry, the delivery reactions) gets those modules only, not the outbox and Dexie behind the
 * same index (docs/decisions/014-the-offline-engine.md). Without it every route's first load took
 * the device's store: 149.4 -> 194.4 kB gzipped.
 */
const OFFLINE_ENGINE = /[\\/]pwa[\\/]offline[\\/][^\\/]+\.tsx?$/;
// contract/ builds schemas and nothing else on import, but for zod-locale.ts, which sets zod's
// messages: a module of it that a bundle uses nothing of (the editor's desk's, in a reader's
// page that imports contract/index.ts) is left out.
const CONTRACT_SCHEMAS = /[\\/]contract[\\/](?!zod-locale\.)[^\\/]+\.ts$/;
// undefined leaves every other module to its package.json `sideEffects` (Rolldown's rule; Rollup's
// type, which vite-plugin-pwa's options use, says boolean).
const importsWithoutSideEffects = { moduleSideEffects: ((id: string) => (OFFLINE_ENGINE.test(id) || CONTRACT_SCHEMAS.test(id) ? false : undefined)) as (id: string) => boolean };

// The service worker is our own (pwa/sw.ts, Workbox modules); vite-plugin-pwa injects the
// precache manifest into it, writes the web app manifest and generates every icon from
// pwa/public/icon.svg (pwa-assets.config.ts). Updates wait for the user (registerType 'prompt').
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  pwaAssets: { config: '../pwa-assets.config.ts', overrideManifestIcons: true },
  injectManifest: {
    // No webmanifest here: vite-plugin-pwa adds manifest.webmanifest to the precache itself, and a
    // second entry for it (another revision) makes Workbox throw add-to-cache-list-conflicting-entries
    // when sw.js is evaluated, so the worker never installs and nothing works offline.
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
    globIgnores: ['screenshots/**'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    rollupOptions: { onLog: quietOn('MODULE_LEVEL_DIRECTIVE'), treeshake: importsWithoutSideEffects },
  },
  manifest: {
    id: '/',
    name: 'context is key',
    short_name: 'ContextIsKey',
    description: 'Teaching videos, articles, a daily devotional and live Q&A for defending the faith and reading scripture in context. Works offline.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#2b3f99',
    background_color: '#ffffff',
    categories: ['education', 'books', 'lifestyle'],
    // Links and text shared from other apps (pwa/app/routes/share.tsx): one of our pages opens,
    // anything else is searched for.
    share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
    shortcuts: [
      { name: "Today's devotional", short_name: 'Devotional', url: '/#devotional', description: "Read today's devotional" },
      { name: 'Bookmarks', url: '/bookmarks', description: 'Your saved videos and articles' },
      { name: 'Live Q&A', url: '/live-qa', description: 'The live stream and its questions' },
    ],
    screenshots: [
      { src: '/screenshots/narrow-home.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Home with the daily devotional' },
      { src: '/screenshots/wide-home.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Home on a desktop' },
    ],
  },
  devOptions: { enabled: false },
});

/**
 * The server renderer (pwa/entry-server.tsx) is a second build beside the app's, made with
 * `vite build --ssr` (see package.json's build script) into dist/.server/: a hidden folder, so the
 * service worker never precaches it and the static files middleware never serves it. No service
 * worker, web manifest or CSS comes out of that build; the client build's index.html links them.
 */
const ssrBuild: UserConfig = {
  root: 'pwa',
  publicDir: false,
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    ssr: 'entry-server.tsx',
    outDir: process.env.SSR_OUT_DIR ?? '../dist/.server',
    emptyOutDir: true,
    sourcemap: true,
    copyPublicDir: false,
    rollupOptions: { onLog: quietOn('INEFFECTIVE_DYNAMIC_IMPORT', 'MODULE_LEVEL_DIRECTIVE') },
  },
  // Self-contained: the build runs wherever dist/ is copied, with no node_modules beside it (the
  // one DOM it needs, jsdom's, is handed in by the server: see RenderRequest.domWindow).
  ssr: { noExternal: true, target: 'node' },
};

/**
 * Every text file of the build also as .br and .gz, compressed once at the best ratio, which the
 * server sends as they are (api/middleware/static-pwa.ts). Compressed per request, the ~2 MB a
 * first visit and the service worker's precache ask for cost the server CPU while the page was
 * loading, and at a lower ratio.
 */
const precompressed = compression({
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(js|css|svg|webmanifest|json|html)$/,
  exclude: [/^\.server\//, /^\.vite\//],
  threshold: 1024,
  logLevel: 'silent',
});

/**
 * The chunks the entry imports dynamically (main.tsx: the app's core, evaluated in a task of its
 * own after React) are part of every start, so the HTML preloads them with the entry's static
 * imports: without the links the browser would ask for them only once the entry had run, a round
 * trip later. A rendered page hands the same links to /hydrate.js (api/middleware/server-render.ts).
 */
const preloadBootChunks: Plugin = {
  name: 'preload-boot-chunks',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { chunk: entry, bundle }) {
      if (!entry || !bundle) return;
      const preloaded = new Set<string>();
      const add = (file: string, into: Set<string>) => {
        if (into.has(file) || file === entry.fileName) return;
        into.add(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) add(imported, into);
      };
      for (const file of entry.imports) add(file, preloaded);
      const boot = new Set<string>();
      for (const file of entry.dynamicImports) add(file, boot);
      return [...boot]
        .filter((file) => !preloaded.has(file) && file.endsWith('.js'))
        .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
    },
  },
};

/** Matches the modules at these paths (relative to the project, without extension). */
const modulesOf = (paths: string[]) => new RegExp(`[\\\\/](${paths.map((p) => p.replaceAll('/', '[\\\\/]')).join('|')})\\.[cm]?[jt]sx?$`);
const packages = (names: string[]) => names.map((name) => `node_modules/${name}/.*`);

/**
 * The device's store, as one chunk: Dexie, the outbox, the query persister and the data modules of
 * the reader's tools, which a page loads together once it has settled (app/layout/deferred.tsx) or
 * its study tools come in. In chunks of their own they were twenty requests, each a round trip on
 * a phone's HTTP/1.1 connections and ~1 ms of the server's CPU. Only modules nothing in a page's
 * first download imports belong here (e2e/build-chunks.e2e.ts checks it), and none of them may
 * import a module of a chunk that imports this one: chunks that import each other run one's code
 * before the other's exports exist.
 */
const DEVICE_STORE = [
  ...packages(['dexie', 'dexie-react-hooks', '@tanstack/query-persist-client-core']),
  ...['device-db', 'outbox', 'outbox-upgrade', 'delivery-record', 'sync-user', 'query-persister', 'use-outbox', 'background-sync', 'storage', 'messages'].map((m) => `pwa/offline/${m}`),
  // Only the outbox and the bookmarks' writes mint ids.
  'pwa/lib/ids',
  'pwa/features/saved/api/saved-store',
  'pwa/features/saved/api/saved-pictures',
  'pwa/features/notes/note',
  ...['bookmarks', 'progress', 'comments'].map((feature) => `pwa/features/${feature}/api/writes`),
  'pwa/features/bookmarks/api/bookmarks',
  'pwa/features/bookmarks/api/bookmark-view',
  'pwa/features/bookmarks/api/use-bookmark-writes',
  'pwa/features/progress/api/progress',
  'pwa/features/comments/api/comments',
  'pwa/features/notes/api/notes-store',
  'pwa/features/saved/api/saved-items',
  'pwa/features/resume/resume-store',
  'pwa/app/write-definitions',
  'pwa/app/layout/outbox-delivery',
];

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : {
  root: 'pwa',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), pwa, preloadBootChunks, precompressed],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each route loads (the bench's per-route budget).
    manifest: true,
    modulePreload: {
      // The entry's chunks are preloaded from the HTML (index.html; /hydrate.js on a rendered page).
      // A lazy chunk's are not: Vite's helper added a <link rel=modulepreload> to <head> for each
      // one before the import (~0.5 ms each, 2 ms on a phone, ~50 on a first visit), all of it on
      // the main thread while the page hydrates. The browser now asks for a chunk's imports when it
      // reads the chunk: one round trip more for a lazy page's code, none once the service worker
      // has it, and a quieter main thread.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      treeshake: importsWithoutSideEffects,
      output: {
        // Libraries every page needs change less often than the app: separate chunks stay cached
        // across deploys. Libraries only some pages use stay with those pages' lazy chunks.
        codeSplitting: {
          // A group takes the modules it names, not what they import (the app's core stays in the entry).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            // The query client; not the persister's core, which loads with the persister. Not zod:
            // the answers' schemas load when a page first fetches (pwa/lib/answer-schemas.ts).
            { name: 'data', test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'device-store', test: modulesOf(DEVICE_STORE) },
            // The app's core (what main.tsx imports at once, but dynamically), as one chunk.
            { name: appCoreChunk(path.resolve('pwa/main.tsx'), path.resolve('pwa/app/app.tsx')) },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    proxy,
  },
}));
