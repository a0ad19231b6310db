import type { AppConfig } from './config';
import type { Db } from './db';
import type { EventBus } from './lib/event-bus';

/** What the app's routes are built from: the settings, the database handle and the event bus (see createApp). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  /** Made once per process beside the database (createEventBus), closed when the server stops. */
  events: EventBus;
}
