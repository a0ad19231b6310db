import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API (Koa) serves /api and uploaded /objects on one origin; in development Vite
// proxies both so the browser still sees a single origin (cookies, same-origin checks).
// The service worker (vite-plugin-pwa, injectManifest) joins the plugins in issue 4.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries every page needs change less often than the app: separate chunks stay cached
        // across deploys. Libraries only some pages use stay with those pages' lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'data', test: /[\\/]node_modules[\\/](@tanstack|zod)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/objects': api },
  },
  preview: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/objects': api },
  },
});
