import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { SITE_DOCUMENT_PATHS } from './contract/documents.js';

// The API (Koa) serves /api, uploaded /objects and the feeds, sitemap and robots.txt on one
// origin; in development Vite proxies them so the browser still sees a single origin (cookies,
// same-origin checks) and /feed.xml is the feed, not the app.
const api = 'http://127.0.0.1:3000';
const proxy = { '/api': api, '/objects': api, ...Object.fromEntries(SITE_DOCUMENT_PATHS.map((path) => [path, api])) };

/** Changes with every build: the persisted query cache is dropped when the app's code changes. */
const BUILD_ID = process.env.BUILD_ID ?? new Date().toISOString();

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

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : {
  root: 'pwa',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), pwa, precompressed],
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
      output: {
        // Libraries every page needs change less often than the app: separate chunks stay cached
        // across deploys. Libraries only some pages use stay with those pages' lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            // The query client and zod; not the persister's core, which loads with the persister.
            { name: 'data', test: /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|zod)[\\/]/ },
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
