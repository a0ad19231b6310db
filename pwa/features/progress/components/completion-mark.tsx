import { CheckCircle2 } from 'lucide-react';
import type { ContentType } from '#contract';
import { useUser } from '#pwa/lib/session';
import { queuedWrites, useOutboxSubject } from '#pwa/offline';
import { useUserProgress } from '../api/progress';
import { progressSubject, setProgressWrite } from '../api/writes';

/** A small 'Completed' badge for cards (e.g. on /bookmarks); nothing when not completed or signed out. */
export function CompletionMark({ contentType, contentId }: { contentType: ContentType; contentId: number }) {
  const { user } = useUser();
  const progress = useUserProgress(user?.id ?? null);
  const last = queuedWrites(setProgressWrite, useOutboxSubject(progressSubject(contentType, contentId)) ?? []).at(-1);
  const record = progress.data?.find((p) => p.contentType === contentType && p.contentId === contentId);
  const completed = last ? last.vars.completed : !!record?.completed;
  if (!user || !completed) return null;
  return (
    <span className="badge badge-success badge-sm gap-1">
      <CheckCircle2 aria-hidden="true" className="size-3" /> Completed
    </span>
  );
}
