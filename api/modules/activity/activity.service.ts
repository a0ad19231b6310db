import type { ActivityEntry } from '#contract';
import type { Db } from '#api/db';
import { activityRepo, type NewActivity } from './activity.repo';

/** The editor's desk's Activity: every editor write that succeeded, newest first. */
export function activityService(db: Db) {
  const repo = activityRepo(db);
  return {
    /** Called in the write's own request (its transaction, when it has one): see api/middleware/editor-activity.ts. */
    record: (entry: NewActivity): Promise<void> => repo.insert(entry),

    list: (limit: number, before?: number): Promise<ActivityEntry[]> => repo.list(limit, before),
  };
}

export type ActivityService = ReturnType<typeof activityService>;
