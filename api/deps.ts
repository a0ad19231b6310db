import type { AppConfig } from './config.js';
import type { Db } from './db.js';

/** What the app's routes are built from: the settings and the database handle (see createApp). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
}
