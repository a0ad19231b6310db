import type { ESLint, Rule } from 'eslint';

export const ROOT: string;
export function resolveImport(filename: string, spec: string, root?: string): string | null;
export const projectRules: ESLint.Plugin & { rules: Record<'import-paths' | 'pwa-layers' | 'offline-surface', Rule.RuleModule> };
