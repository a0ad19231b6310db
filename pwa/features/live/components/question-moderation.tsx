import { CheckCircle2, EyeOff, Star, type LucideIcon } from 'lucide-react';
import type { LiveQuestion } from '#contract/live';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useModerateQuestion } from '../api/moderate-question';
import { useHideQuestion } from '../api/hide-question';

// What only editors have on /live-qa (docs/product.md#live-qa): its own chunk, loaded for them
// alone (question-list.tsx), so a reader's first load goes without it (docs/decisions/005-what-loads-first.md).

/** An editor's marks on a question, and Hide (which asks first); each button is described by the question it acts on. */
export function ModerationButtons({ question: q, describedBy, hiding, onHide }: { question: LiveQuestion; describedBy: string; hiding: boolean; onHide: () => void }) {
  const moderate = useModerateQuestion();
  const online = useOnlineStatus();
  const busy = moderate.isPending || hiding || !online;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <MarkButton icon={Star} describedBy={describedBy} disabled={busy} onClick={() => moderate.mutate({ id: q.id, isHighlighted: !q.isHighlighted })}>
        {q.isHighlighted ? 'Unhighlight' : 'Highlight'}
      </MarkButton>
      <MarkButton icon={CheckCircle2} describedBy={describedBy} disabled={busy} onClick={() => moderate.mutate({ id: q.id, isAnswered: !q.isAnswered })}>
        {q.isAnswered ? 'Mark unanswered' : 'Mark answered'}
      </MarkButton>
      <MarkButton icon={EyeOff} describedBy={describedBy} disabled={busy} onClick={onHide}>
        Hide
      </MarkButton>
    </div>
  );
}

function MarkButton({ icon: Icon, describedBy, disabled, onClick, children }: { icon: LucideIcon; describedBy: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className="btn btn-outline btn-xs" aria-describedby={describedBy} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" className="size-3" /> {children}
    </button>
  );
}

/**
 * Hide's confirmation, one for the list: open while `question` is set; confirmed, the question is
 * hidden from everyone. `onHiding` hears when a hide starts and ends (every question's buttons wait).
 */
export function HideConfirmation({ question, onClose, onHiding }: { question: LiveQuestion | null; onClose: () => void; onHiding: (hiding: boolean) => void }) {
  const hide = useHideQuestion();
  return (
    <ConfirmDialog
      open={question !== null}
      title="Hide question"
      message={question ? `Hide the question from ${question.askedBy}? It disappears for everyone watching.` : ''}
      confirmLabel="Hide question"
      onConfirm={() => {
        onClose();
        if (!question) return;
        onHiding(true);
        hide.mutate({ id: question.id, liveStreamId: question.liveStreamId }, { onSettled: () => onHiding(false) });
      }}
      onCancel={onClose}
    />
  );
}
