import { CheckCircle2 } from 'lucide-react';
import type { ContentType } from '../../../../contract/index.js';
import { useUser } from '../../../lib/session';
import { useOutboxSubject } from '../../../offline/use-outbox';
import { intendedCompletion, progressSubject, useUserProgress } from '../api/progress';

/** A small 'Completed' badge for cards (e.g. on /bookmarks); nothing when not completed or signed out. */
export function CompletionMark({ contentType, contentId }: { contentType: ContentType; contentId: number }) {
  const { user } = useUser();
  const progress = useUserProgress(user?.id ?? null);
  const last = useOutboxSubject(progressSubject(contentType, contentId))?.at(-1);
  const record = progress.data?.find((p) => p.contentType === contentType && p.contentId === contentId);
  const completed = last ? intendedCompletion(last) : !!record?.completed;
  if (!user || !completed) return null;
  return (
    <span className="badge badge-success badge-sm gap-1">
      <CheckCircle2 aria-hidden="true" className="size-3" /> Completed
    </span>
  );
}
