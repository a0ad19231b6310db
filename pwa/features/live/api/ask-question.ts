import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuestionInput, LiveQuestion } from '#contract/live';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { useToast } from '#pwa/components/ui/toast';
import { liveKeys } from './live-streams';

/** POST /api/questions. Anyone may ask, under a name; no sign-in. */
export const askQuestion = (input: CreateQuestionInput): Promise<LiveQuestion> =>
  apiFetch('/api/questions', { method: 'POST', body: input, schema: answerSchema('liveQuestion') });

/**
 * A plain call, not the outbox: a question only makes sense while the stream is on, so one that
 * cannot be sent now is reported at once rather than delivered later.
 */
export function useAskQuestion() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: askQuestion,
    onSuccess: (_question, input) => {
      toast({ title: 'Question submitted!' });
      void queryClient.invalidateQueries({ queryKey: liveKeys.questions(input.liveStreamId) });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to submit question. Please try again.', variant: 'destructive' });
    },
  });
}
