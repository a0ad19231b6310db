// The completion records' request alone: the feature's index would bring the mark button and IndexedDB.
import { useUserProgress } from '#pwa/features/progress/api/progress';
import { ContinueSection, continueItems, usePositions, type ResumePosition } from '#pwa/features/resume';
import { useUser } from '#pwa/lib/session';

/** Home's 'Continue where you left off': the unfinished items kept on this device, newest first. */
export function ContinueWhereYouLeftOff() {
  const positions = usePositions();
  const unfinished = continueItems(positions, undefined, Infinity);
  // Only with something to show is the reader's completion list asked for.
  return unfinished.length ? <ContinueWithoutCompleted positions={unfinished} /> : null;
}

/** Leaves out what the signed-in reader marked complete (on any device). */
function ContinueWithoutCompleted({ positions }: { positions: ResumePosition[] }) {
  const { user } = useUser();
  const { data: progress } = useUserProgress(user?.id ?? null);
  const completed = new Set(progress?.filter((p) => p.completed).map((p) => `${p.contentType}:${p.contentId}`));
  return <ContinueSection items={continueItems(positions, (kind, id) => completed.has(`${kind}:${id}`))} />;
}
