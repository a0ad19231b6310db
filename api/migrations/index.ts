import path from 'node:path';
import type { Knex } from 'knex';
import * as initialSchema from './001-initial-schema';
import * as searchIndex from './002-search-index';
import * as editorRoles from './003-editor-roles';
import * as rateLimits from './004-rate-limits';
import { uploadsInDatabase } from './005-uploads-in-database';
import * as jobLeases from './006-job-leases';
import * as commentModeration from './008-comment-moderation';
import * as editorActivity from './009-editor-activity';
import * as postStatus from './010-post-status';
import * as liveDesk from './011-live-desk';
import * as postPictures from './012-post-pictures';
import * as outgoingMail from './013-outgoing-mail';
import * as newsletterDoubleOptIn from './014-newsletter-double-opt-in';
import * as accountTokens from './015-account-tokens';
import * as sharedMailBodies from './016-shared-mail-bodies';
import * as searchTerms from './017-search-terms';
import * as inlineSearchLexemes from './018-inline-search-lexemes';
import * as searchSurfaceWords from './019-search-surface-words';
import * as searchFoldsAccents from './020-search-folds-accents';
import * as mailKeptForATime from './021-mail-kept-for-a-time';

export interface MigrationOptions {
  /** Where uploads were stored as files before they moved into the database (migration 005). */
  uploadDir: string;
}

const defaultOptions = (): MigrationOptions => ({ uploadDir: path.resolve(process.env.UPLOAD_DIR ?? 'data/uploads') });

// Migrations are listed here rather than discovered on disk, so the same list runs
// under tsx, vitest and any bundler without a TypeScript loader for knex.
function migrationsFor(opts: MigrationOptions): Record<string, Knex.Migration> {
  return {
    '001-initial-schema': initialSchema,
    '002-search-index': searchIndex,
    '003-editor-roles': editorRoles,
    '004-rate-limits': rateLimits,
    '005-uploads-in-database': uploadsInDatabase(opts.uploadDir),
    '006-job-leases': jobLeases,
    '008-comment-moderation': commentModeration,
    '009-editor-activity': editorActivity,
    '010-post-status': postStatus,
    '011-live-desk': liveDesk,
    '012-post-pictures': postPictures,
    '013-outgoing-mail': outgoingMail,
    '014-newsletter-double-opt-in': newsletterDoubleOptIn,
    '015-account-tokens': accountTokens,
    '016-shared-mail-bodies': sharedMailBodies,
    '017-search-terms': searchTerms,
    '018-inline-search-lexemes': inlineSearchLexemes,
    '019-search-surface-words': searchSurfaceWords,
    '020-search-folds-accents': searchFoldsAccents,
    '021-mail-kept-for-a-time': mailKeptForATime,
  };
}

/** The migrations, with the settings some of them need (the upload folder to copy files from). */
export function migrationSourceFor(opts: MigrationOptions = defaultOptions()): Knex.MigrationSource<string> {
  const migrations = migrationsFor(opts);
  return {
    getMigrations: async () => Object.keys(migrations),
    getMigrationName: (name) => name,
    getMigration: async (name) => migrations[name]!,
  };
}

/** For the knex CLI and createDb: UPLOAD_DIR from the environment (default data/uploads), read when migrating. */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrationsFor(defaultOptions())),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrationsFor(defaultOptions())[name]!,
};
