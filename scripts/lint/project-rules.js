// The project's own lint rules: how imports are written and which way they may point. Plain
// JavaScript because eslint.config.js loads it as it is; tested in project-rules.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The package.json "imports" map: '#pwa/lib/x' names ROOT/pwa/lib/x. */
const IMPORTS = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports;

/** The top folder a file sits in ('.' for a file at the root). */
const areaOf = (root, file) => {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '.';
};

/** Where an import points: an absolute path without extension, or null for a package's. */
export function resolveImport(filename, spec, root = ROOT) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(filename), spec);
  if (!spec.startsWith('#')) return null;
  if (typeof IMPORTS[spec] === 'string') return path.resolve(root, IMPORTS[spec].replace(/\.tsx?$/, ''));
  const star = Object.keys(IMPORTS).find((key) => key.endsWith('*') && spec.startsWith(key.slice(0, -1)));
  return star ? path.resolve(root, IMPORTS[star].replace('*', spec.slice(star.length - 1))) : null;
}

/** Calls `check(node, spec)` for every import, re-export and dynamic import of a file. */
const eachImport = (check) => {
  const visit = (node) => {
    const spec = node.source && node.source.value;
    if (typeof spec === 'string') check(node.source, spec);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
};

/**
 * Imports by name: a relative import stays inside its top folder and climbs at most one folder
 * ('../x'); anything further is '#area/…' from package.json's "imports". A project import names
 * no '.js' (TypeScript resolves as a bundler does, and everything runs through Vite or tsx),
 * except in the root's config files.
 * The fix rewrites either.
 */
const importPaths = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      climbs: "Import '{{spec}}' by name: '{{name}}' (a relative import climbs one folder at most and stays in {{area}}/).",
      suffix: "Import '{{spec}}' without its '.js': '{{bare}}'.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? ROOT;
    const quote = (node, value) => node.raw[0] + value + node.raw[0];
    return eachImport((node, spec) => {
      const target = resolveImport(context.filename, spec, root);
      if (!target) return;
      const bare = spec.replace(/\.js$/, '');
      const isProjectFile = bare !== spec && ['.ts', '.tsx'].some((ext) => fs.existsSync(target.slice(0, -3) + ext));
      if (spec.startsWith('.')) {
        const fromArea = areaOf(root, context.filename);
        const toArea = areaOf(root, target);
        const climbs = spec.split('/').filter((part) => part === '..').length;
        if (toArea !== '.' && fromArea !== '.' && (climbs > 1 || fromArea !== toArea)) {
          const relative = path.relative(root, target.replace(/\.js$/, '')).split(path.sep).join('/');
          const name = relative === 'contract/index' ? '#contract' : `#${relative}`;
          context.report({ node, messageId: 'climbs', data: { spec, name, area: fromArea }, fix: (fixer) => fixer.replaceText(node, quote(node, name)) });
          return;
        }
      }
      // The root's config files are loaded by their tools' own loaders (Vite's, knex's), which
      // want the '.js' a Node-style import names.
      if (isProjectFile && areaOf(root, context.filename) !== '.') {
        context.report({ node, messageId: 'suffix', data: { spec, bare }, fix: (fixer) => fixer.replaceText(node, quote(node, bare)) });
      }
    });
  },
};

/**
 * pwa/ imports flow one way: app → features → lib, components, offline → contract. A feature
 * never imports another feature (routes in app/ compose them), and nothing below app/ imports it.
 * The PWA never imports the API's code.
 */
const PWA_LAYERS = { app: 3, features: 2, lib: 1, components: 1, offline: 1 };
const pwaPlace = (root, file) => {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] !== 'pwa' || parts.length < 2) return null;
  const area = parts[1];
  return { area, layer: PWA_LAYERS[area] ?? 0, feature: area === 'features' ? parts[2] : undefined };
};
const pwaLayers = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }] },
  create(context) {
    const root = context.options[0]?.root ?? ROOT;
    const from = pwaPlace(root, context.filename);
    if (!from) return {};
    return eachImport((node, spec) => {
      const target = resolveImport(context.filename, spec, root);
      if (!target) return;
      if (areaOf(root, target) === 'api') {
        context.report({ node, message: 'The PWA talks to the API over HTTP only.' });
        return;
      }
      const to = pwaPlace(root, target);
      if (!from.layer || !to || !to.layer) return;
      if (to.area === 'features' && from.area === 'features' && to.feature !== from.feature) {
        context.report({ node, message: `Feature "${from.feature}" imports feature "${to.feature}": features never import each other; compose them in pwa/app.` });
      } else if (to.layer > from.layer) {
        context.report({ node, message: `pwa/${from.area} imports pwa/${to.area}: imports flow app → features → lib/components/offline → contract.` });
      }
    });
  },
};

/**
 * The offline engine (pwa/offline) shows pages one surface, its index.ts, and the service worker
 * another, worker.ts (docs/decisions/014-the-offline-engine.md). Tests, their helpers and the
 * bench may reach inside: they build engines of their own (an outbox on a scratch database).
 */
const OFFLINE = path.join('pwa', 'offline');
const isTestCode = (root, file) => /\.test\.tsx?$/.test(file) || /^(tests|bench|e2e)$/.test(areaOf(root, file)) || path.relative(root, file).startsWith(path.join('pwa', 'test') + path.sep);
const offlineSurface = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { inside: "Import the offline engine from '#pwa/offline' (its index.ts), not '{{spec}}'." },
  },
  create(context) {
    const root = context.options[0]?.root ?? ROOT;
    const from = path.relative(root, context.filename);
    if (from.startsWith(OFFLINE + path.sep) || isTestCode(root, context.filename)) return {};
    const allowed = new Set([path.join(OFFLINE, 'index'), ...(from === path.join('pwa', 'sw.ts') ? [path.join(OFFLINE, 'worker')] : [])]);
    return eachImport((node, spec) => {
      const target = resolveImport(context.filename, spec, root);
      if (!target) return;
      const to = path.relative(root, target).replace(/\.(js|tsx?)$/, '');
      if (to === OFFLINE || !to.startsWith(OFFLINE + path.sep)) return;
      if (!allowed.has(to)) context.report({ node, messageId: 'inside', data: { spec } });
    });
  },
};

export const projectRules = { rules: { 'import-paths': importPaths, 'pwa-layers': pwaLayers, 'offline-surface': offlineSurface } };
