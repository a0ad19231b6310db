import { useMutation, useQueryClient } from '@tanstack/react-query';
import { liveQuestionSchema, type LiveQuestion, type ModerateQuestionInput } from '#contract/live';
import { apiFetch } from '#pwa/lib/api-client';
import { useToast } from '#pwa/components/ui/toast';
import { liveKeys, type QuestionPages } from './live-streams';
import { withQuestion } from './live-events';

/** PATCH /api/questions/{id} (editors only): highlight or answer a question. */
export const moderateQuestion = ({ id, ...marks }: ModerateQuestionInput & { id: number }): Promise<LiveQuestion> =>
  apiFetch(`/api/questions/${id}`, { method: 'PATCH', body: marks, schema: liveQuestionSchema });

/**
 * A plain call, like asking: moderation happens during the live session. The answer goes into
 * the list at once; everyone else watching gets it through the live events.
 */
export function useModerateQuestion() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: moderateQuestion,
    onSuccess: (question) => {
      queryClient.setQueryData<QuestionPages>(liveKeys.questions(question.liveStreamId), (data) => withQuestion(data, question));
    },
    onError: () => {
      toast({ title: 'Error', description: 'Could not update the question. Please try again.', variant: 'destructive' });
    },
  });
}
