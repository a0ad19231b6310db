import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/**
 * pwa/ imports flow one way: app → features → lib, components, offline → contract. A feature
 * never imports another feature (routes in app/ compose them), and nothing below app/ imports it.
 * The PWA never imports the API's code (paths are resolved, so a feature's own api/ folder is fine).
 */
const PWA_LAYERS = { app: 3, features: 2, lib: 1, components: 1, offline: 1 };
const pwaPlace = (file) => {
  const match = /(?:^|[\\/])pwa[\\/]([^\\/]+)(?:[\\/]([^\\/]+))?/.exec(file);
  if (!match) return null;
  const area = match[1];
  return { area, layer: PWA_LAYERS[area] ?? 0, feature: area === 'features' ? match[2] : undefined };
};
const pwaBoundaries = {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = pwaPlace(context.filename);
        if (!from) return {};
        const pwaRoot = context.filename.slice(0, context.filename.search(/[\\/]pwa[\\/]/));
        const check = (node) => {
          const spec = node.source && node.source.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), spec);
          if (path.relative(pwaRoot, target).split(path.sep)[0] === 'api') {
            context.report({ node: node.source, message: 'The PWA talks to the API over HTTP only.' });
            return;
          }
          const to = pwaPlace(target);
          if (!from.layer || !to || !to.layer) return;
          if (to.area === 'features' && from.area === 'features' && to.feature !== from.feature) {
            context.report({ node: node.source, message: `Feature "${from.feature}" imports feature "${to.feature}": features never import each other; compose them in pwa/app.` });
          } else if (to.layer > from.layer) {
            context.report({ node: node.source, message: `pwa/${from.area} imports pwa/${to.area}: imports flow app → features → lib/components/offline → contract.` });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * An import of another API module's file that is not its `*.service.js`, `*.routes.js` or
 * `*.mapper.js` (the shape of its table's rows, pure functions; search reads the videos' and posts').
 */
const API_MODULE_INTERNALS = {
  outside: {
    regex: '(^|/)modules/[^/]+/(?![^/]+\\.(service|routes|mapper)\\.js$)',
    message: "Import an API module's service, routes or mapper only: its repo and helpers are its own (compose services in api/services.ts).",
  },
  sibling: {
    regex: '^\\.\\./(?!\\.\\./)[^/]+/(?![^/]+\\.(service|routes|mapper)\\.js$)',
    message: "Another module's repo and helpers are its own: use its service (handed in by api/services.ts).",
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'dev-dist/', 'test-results/', 'screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'pwa-boundaries': pwaBoundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'pwa-boundaries/layers': 'error',
    },
  },
  {
    // The API and the PWA never import each other; both import contract/. A module of the API
    // (api/modules/x) shows others only its service, routes and row mapper: its repo (the only
    // Knex) and helpers are its own, and api/services.ts wires the services together.
    files: ['api/**/*.ts'],
    ignores: ['api/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/pwa/**'] }, API_MODULE_INTERNALS.outside] }] },
  },
  {
    files: ['api/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/pwa/**'] }, API_MODULE_INTERNALS.sibling] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(api|pwa)/', message: 'contract/ imports nothing else.' }] }] },
  },
);
