import { bookmarkWrites } from '../features/bookmarks/api/writes';
import { postCommentWrite } from '../features/comments/api/writes';
import { setHeartWrite } from '../features/devotional/api/writes';
import { setProgressWrite } from '../features/progress/api/writes';
import { registerWrites } from '#pwa/offline';

/**
 * Every kind of queued write, each declared once next to its feature (its api/writes.ts). A new
 * kind is added here; the outbox, the sync centre and the delivery reactions need nothing else.
 * The page loads this module when it first needs a kind (app.tsx hands it to setWritesLoader).
 */
export const appWrites = [...bookmarkWrites, setProgressWrite, postCommentWrite, setHeartWrite] as const;

/** The service worker and tests: the registry learns every kind at once. Idempotent. */
export function registerAppWrites(): void {
  registerWrites(appWrites);
}
