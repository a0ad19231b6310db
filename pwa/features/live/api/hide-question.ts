import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '#pwa/lib/api-client';
import { useToast } from '#pwa/components/ui/toast';
import { liveKeys, type QuestionPages } from './live-streams';
import { withoutQuestion } from './live-events';

/** DELETE /api/questions/{id} (editors only): hide a question from everyone. */
export const hideQuestion = async ({ id }: { id: number; liveStreamId: number }): Promise<void> => {
  await apiFetch(`/api/questions/${id}`, { method: 'DELETE' });
};

/**
 * A plain call, like moderating: hiding happens during the live session. The question leaves
 * this list at once; every other page watching drops it through the live events. A 404 means it
 * is gone already (another editor hid it): it leaves the list all the same.
 */
export function useHideQuestion() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const drop = ({ id, liveStreamId }: { id: number; liveStreamId: number }) =>
    queryClient.setQueryData<QuestionPages>(liveKeys.questions(liveStreamId), (data) => withoutQuestion(data, id));
  return useMutation({
    mutationFn: hideQuestion,
    onSuccess: (_answer, question) => drop(question),
    onError: (error, question) => {
      if (error instanceof ApiError && error.status === 404) {
        drop(question);
        return;
      }
      toast({ title: 'Error', description: 'Could not hide the question. Please try again.', variant: 'destructive' });
    },
  });
}
