import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { ASKED_BY_MAX, QUESTION_MAX } from '#contract/live';
import { OfflineNote } from '#pwa/components/ui/offline';
import { TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { useUser } from '#pwa/lib/session';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useAskQuestion } from '../api/ask-question';

export const ASK_OFFLINE = "You're offline. Connect to ask a question.";

/**
 * Name and question, both required after trimming (docs/product.md#input-rules). The name is kept for the next
 * question. Offline the form can be filled in but not sent: a question belongs to the live
 * session, so it is not queued for later (and the product has no offline question flow).
 */
export function AskQuestionForm({ streamId }: { streamId: number }) {
  const { user } = useUser();
  // null until the visitor types: until then the signed-in user's name (once the session has loaded) fills it.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const ask = useAskQuestion();
  const online = useOnlineStatus();
  const { toast } = useToast();
  const questionId = useId();
  const offlineId = useId();
  const name = typedName ?? user?.name ?? '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!online) return;
    if (!name.trim() || !question.trim()) {
      toast({ title: 'Missing information', description: 'Please provide your name and question.', variant: 'destructive' });
      return;
    }
    ask.mutate(
      { liveStreamId: streamId, askedBy: name.trim(), question: question.trim() },
      { onSuccess: () => setQuestion('') },
    );
  };

  return (
    <form aria-labelledby="ask-heading" className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <h3 id="ask-heading" className="text-lg font-semibold">
        Ask a Question
      </h3>
      <TextField label="Your name" name="askedBy" autoComplete="name" maxLength={ASKED_BY_MAX} value={name} onChange={(e) => setTypedName(e.target.value)} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={questionId} className="text-sm font-medium">
          Your question
        </label>
        <textarea
          id={questionId}
          name="question"
          className="textarea min-h-28 w-full"
          maxLength={QUESTION_MAX}
          aria-describedby={`${questionId}-count`}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <p id={`${questionId}-count`} className="text-right text-xs text-base-content/70">
          {question.length}/{QUESTION_MAX}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" className="btn btn-primary" disabled={ask.isPending || !online} aria-describedby={online ? undefined : offlineId}>
          {ask.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <Send aria-hidden="true" className="size-4" />}
          {ask.isPending ? 'Submitting…' : 'Submit Question'}
        </button>
        {online ? null : (
          <span id={offlineId}>
            <OfflineNote>{ASK_OFFLINE}</OfflineNote>
          </span>
        )}
      </div>
    </form>
  );
}
