import type { Knex } from 'knex';
import * as initialSchema from './001-initial-schema.js';
import * as searchIndex from './002-search-index.js';
import * as rateLimits from './004-rate-limits.js';

// Migrations are listed here rather than discovered on disk, so the same list runs
// under tsx, vitest and any bundler without a TypeScript loader for knex.
const migrations: Record<string, Knex.Migration> = {
  '001-initial-schema': initialSchema,
  '002-search-index': searchIndex,
  '004-rate-limits': rateLimits,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
