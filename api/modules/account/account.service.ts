import type { AppConfig } from '#api/config';
import type { Db } from '#api/db';

/**
 * The reader's own account (docs/product.md#the-readers-account): password reset, change of
 * password and email, export and deletion.
 */
export function accountService(_db: Db, _config: AppConfig) {
  return {};
}

export type AccountService = ReturnType<typeof accountService>;
