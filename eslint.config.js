import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { projectRules } from './scripts/lint/project-rules.js';

/**
 * An import of another API module's file that is not its `*.service`, `*.routes` or
 * `*.mapper` (the shape of its table's rows, pure functions; search reads the videos' and posts').
 */
const API_MODULE_INTERNALS = {
  outside: {
    regex: '(^|/)modules/[^/]+/(?![^/]+\\.(service|routes|mapper)$)',
    message: "Import an API module's service, routes or mapper only: its repo and helpers are its own (compose services in api/services.ts).",
  },
  sibling: {
    regex: '^\\.\\./(?!\\.\\./)[^/]+/(?![^/]+\\.(service|routes|mapper)$)',
    message: "Another module's repo and helpers are its own: use its service (handed in by api/services.ts).",
  },
};

const API_IS_NOT_PWA = { regex: '^#pwa/', message: 'The API and the PWA never import each other; both import contract/.' };

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
    files: ['**/*.{ts,tsx}'],
    plugins: { project: projectRules },
    rules: { 'project/import-paths': 'error' },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'project/pwa-layers': 'error',
      'project/offline-surface': 'error',
    },
  },
  {
    // The API and the PWA never import each other; both import contract/. A module of the API
    // (api/modules/x) shows others only its service, routes and row mapper: its repo (the only
    // Knex) and helpers are its own, and api/services.ts wires the services together.
    files: ['api/**/*.ts'],
    ignores: ['api/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_IS_NOT_PWA, API_MODULE_INTERNALS.outside] }] },
  },
  {
    files: ['api/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_IS_NOT_PWA, API_MODULE_INTERNALS.sibling, API_MODULE_INTERNALS.outside] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(#(?!contract(/|$))|\\.\\./)', message: 'contract/ imports nothing else.' }] }] },
  },
);
